import { describe, expect, it } from 'vitest';
import { applyUci, fullmoveFromFen, kingSquare, placementFromFen, turnFromFen } from './placement';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe('placementFromFen', () => {
  it('reads the start position', () => {
    const placement = placementFromFen(START);
    expect(Object.keys(placement)).toHaveLength(32);
    expect(placement.e1).toBe('wK');
    expect(placement.d8).toBe('bQ');
    expect(placement.e4).toBeUndefined();
  });

  it('reads the side to move and the move number', () => {
    expect(turnFromFen('8/8/8/8/8/8/8/K1k5 b - - 3 41')).toBe('black');
    expect(fullmoveFromFen('8/8/8/8/8/8/8/K1k5 b - - 3 41')).toBe(41);
    expect(turnFromFen(START)).toBe('white');
  });
});

describe('applyUci', () => {
  it('moves a piece and leaves the original untouched', () => {
    const before = placementFromFen(START);
    const after = applyUci(before, 'e2e4');
    expect(after.e4).toBe('wP');
    expect(after.e2).toBeUndefined();
    expect(before.e2).toBe('wP');
  });

  it('moves the rook too when castling on either side', () => {
    const placement = placementFromFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    const short = applyUci(placement, 'e1g1');
    expect([short.g1, short.f1, short.h1]).toEqual(['wK', 'wR', undefined]);
    const long = applyUci(placement, 'e8c8');
    expect([long.c8, long.d8, long.a8]).toEqual(['bK', 'bR', undefined]);
  });

  it('removes the pawn taken en passant', () => {
    // After 1. e4 a6 2. e5 d5: exd6 e.p. is legal.
    const placement = placementFromFen('rnbqkbnr/1pp1pppp/p7/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3');
    const after = applyUci(placement, 'e5d6');
    expect(after.d6).toBe('wP');
    expect(after.d5).toBeUndefined();
  });

  it('replaces the pawn by the promoted piece', () => {
    const after = applyUci(placementFromFen('8/1P4k1/8/8/8/8/8/4K3 w - - 0 1'), 'b7b8n');
    expect(after.b8).toBe('wN');
    expect(after.b7).toBeUndefined();
  });

  it('finds each king', () => {
    const placement = placementFromFen(START);
    expect(kingSquare(placement, 'white')).toBe('e1');
    expect(kingSquare(placement, 'black')).toBe('e8');
  });
});
