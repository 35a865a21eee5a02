import { describe, expect, it } from 'vitest';
import { START_FEN } from '../../../chess/startPosition';
import { NO_CASTLING } from './castling';
import { editorFen, EMPTY_POSITION, parseEditorFen, START_POSITION } from './editorPosition';

describe('the editor FEN', () => {
  it('is the standard start for the start position, and an empty board with no rights for the empty one', () => {
    expect(editorFen(START_POSITION)).toBe(START_FEN);
    expect(editorFen(EMPTY_POSITION)).toBe('8/8/8/8/8/8/8/8 w - - 0 1');
  });

  it('drops the rights and the en-passant square the board contradicts, keeping the wish for later', () => {
    const position = {
      placement: { e1: 'wK', a1: 'wR', e8: 'bK', d5: 'bP' },
      turn: 'white',
      castling: START_POSITION.castling,
      enPassant: 'd6',
    } as const;
    expect(editorFen(position)).toBe('4k3/8/8/3p4/8/8/8/R3K3 w Q d6 0 1');
    expect(editorFen({ ...position, turn: 'black' })).toBe('4k3/8/8/3p4/8/8/8/R3K3 b Q - 0 1');
  });

  it('round-trips through the parser (clocks become 0 1)', () => {
    for (const fen of ['r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1', '4k3/8/8/8/8/8/8/4K2R b K - 0 1', START_FEN]) {
      const parsed = parseEditorFen(fen);
      expect(parsed.ok && editorFen(parsed.position)).toBe(fen);
    }
    const parsed = parseEditorFen('  4k3/8/8/8/8/8/8/4K3 b - - 12 40 ');
    expect(parsed.ok && editorFen(parsed.position)).toBe('4k3/8/8/8/8/8/8/4K3 b - - 0 1');
  });

  it('reads a bare board as white to move with no rights', () => {
    const parsed = parseEditorFen('4k3/8/8/8/8/8/8/4K3');
    expect(parsed).toEqual({
      ok: true,
      position: { placement: { e8: 'bK', e1: 'wK' }, turn: 'white', castling: NO_CASTLING, enPassant: null },
    });
  });

  it('says which field of a malformed FEN is wrong', () => {
    const message = (text: string) => {
      const parsed = parseEditorFen(text);
      return parsed.ok ? 'accepted' : parsed.message;
    };
    expect(message('')).toMatch(/Paste a FEN/);
    expect(message('8/8/8 w - - 0 1')).toMatch(/eight ranks/);
    expect(message('4k3/8/8/8/8/8/8/4K3 x - - 0 1')).toMatch(/side to move/);
    expect(message('4k3/8/8/8/8/8/8/4K3 w HAha - 0 1')).toMatch(/castling/);
    expect(message('4k3/8/8/8/8/8/8/4K3 w - e9 0 1')).toMatch(/en-passant/);
    expect(message('4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra')).toMatch(/six fields/);
  });
});
