import { describe, expect, it } from 'vitest';
import { exportNote } from './ExportActions';

describe("the analysis export's note", () => {
  it("says a game's PGN keeps the game as played once a variation was promoted", () => {
    expect(exportNote(true, true)).toBe('The PGN keeps the game as played as its main line; your promoted line is in it as a variation.');
  });

  it('says nothing when the export is what the board shows', () => {
    expect(exportNote(true, false)).toBeNull();
    // A tree of its own (a pasted position, no game) is written as it stands, the promoted line first.
    expect(exportNote(false, true)).toBeNull();
  });
});
