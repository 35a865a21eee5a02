import { describe, expect, it } from 'vitest';
import { enPassantCandidates } from './enPassant';

describe('en-passant candidates', () => {
  it('are behind a pawn of the side that just moved, on its third rank, with both squares behind it empty', () => {
    // Black just could have played ...d7-d5 and ...g7-g5; the e5 pawn is white's own.
    expect(enPassantCandidates({ d5: 'bP', g5: 'bP', e5: 'wP', e1: 'wK', e8: 'bK' }, 'white')).toEqual(['d6', 'g6']);
    expect(enPassantCandidates({ c4: 'wP', e1: 'wK', e8: 'bK' }, 'black')).toEqual(['c3']);
  });

  it('leave out a square whose jump was blocked, or with the wrong side to move', () => {
    expect(enPassantCandidates({ d5: 'bP', d7: 'bN' }, 'white')).toEqual([]);
    expect(enPassantCandidates({ d5: 'bP', d6: 'wN' }, 'white')).toEqual([]);
    expect(enPassantCandidates({ d5: 'bP' }, 'black')).toEqual([]);
  });
});
