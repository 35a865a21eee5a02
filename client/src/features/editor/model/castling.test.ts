import { describe, expect, it } from 'vitest';
import { ALL_CASTLING, castlingField, castlingFromField, NO_CASTLING, possibleCastling } from './castling';

describe('castling rights', () => {
  it('are possible only with the king on e1/e8 and the rook in that corner', () => {
    expect(possibleCastling({ e1: 'wK', h1: 'wR', a1: 'wN', e8: 'bK', a8: 'bR' })).toEqual({
      whiteKingSide: true,
      whiteQueenSide: false,
      blackKingSide: false,
      blackQueenSide: true,
    });
    expect(possibleCastling({ f1: 'wK', h1: 'wR', a1: 'wR', e8: 'bK', h8: 'wR' })).toEqual(NO_CASTLING);
  });

  it('write only what is ticked and possible, in KQkq order, or a dash', () => {
    const board = { e1: 'wK', h1: 'wR', a1: 'wR', e8: 'bK', h8: 'bR', a8: 'bR' } as const;
    expect(castlingField(ALL_CASTLING, board)).toBe('KQkq');
    expect(castlingField({ ...NO_CASTLING, blackQueenSide: true, whiteKingSide: true }, board)).toBe('Kq');
    expect(castlingField(ALL_CASTLING, { e1: 'wK', h1: 'wR', e8: 'bK' })).toBe('K');
    expect(castlingField(NO_CASTLING, board)).toBe('-');
    expect(castlingField(ALL_CASTLING, {})).toBe('-');
  });

  it('read back from the field, refusing other letters and repeats', () => {
    expect(castlingFromField('KQkq')).toEqual(ALL_CASTLING);
    expect(castlingFromField('qK')).toEqual({ ...NO_CASTLING, whiteKingSide: true, blackQueenSide: true });
    expect(castlingFromField('-')).toEqual(NO_CASTLING);
    for (const field of ['KK', 'HAha', 'x', '']) expect(castlingFromField(field), field).toBeUndefined();
  });
});
