import { describe, expect, it } from 'vitest';
import { materialBalance } from './material';
import { placementFromFen } from './placement';

const balance = (fen: string) => materialBalance(placementFromFen(fen));

describe('the material balance', () => {
  it('is level at the start', () => {
    const start = balance('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    expect(start).toEqual({ white: { extra: [], advantage: 0 }, black: { extra: [], advantage: 0 } });
  });

  it('shows a pawn taken and +1 beside the side that took it', () => {
    const afterExd5 = balance('4k3/8/8/3P4/8/8/8/4K3 b - - 0 1');
    expect(afterExd5.white).toEqual({ extra: ['bP'], advantage: 1 });
    expect(afterExd5.black).toEqual({ extra: [], advantage: 0 });
  });

  it('lists the pieces each side is up, and the points only for the side ahead', () => {
    const lone = balance('4k3/8/8/8/8/8/6PP/R3K3 w - - 0 1');
    expect(lone.white).toEqual({ extra: ['bR', 'bP', 'bP'], advantage: 7 });
    // White has a knight more, black a rook and a pawn more: both show what they took, black is +3.
    const mixed = balance('r3k3/pppp4/8/8/8/8/PPP5/1N2K3 w - - 0 1');
    expect(mixed.white).toEqual({ extra: ['bN'], advantage: 0 });
    expect(mixed.black).toEqual({ extra: ['wR', 'wP'], advantage: 3 });
  });

  it('counts a promoted queen as a queen more', () => {
    const promoted = balance('Q3k3/8/8/8/8/8/8/Q3K3 b - - 0 1');
    expect(promoted.white).toEqual({ extra: ['bQ', 'bQ'], advantage: 18 });
  });
});
