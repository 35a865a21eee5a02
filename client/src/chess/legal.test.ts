import { describe, expect, it } from 'vitest';
import { legalMove } from '../test/fixtures';
import { canMoveFrom, intentFor, promotionMove, targetsFrom } from './legal';

const move = (uci: string, san: string, fen_after: string) => legalMove({ uci, san, fen_after });

// The legal moves of "8/1P4k1/8/8/8/8/8/4K3 w - - 0 1" that touch b7 and b8, plus a king move.
const LEGAL = [
  move('b7b8q', 'b8=Q', '1Q6/6k1/8/8/8/8/8/4K3 b - - 0 1'),
  move('b7b8r', 'b8=R', '1R6/6k1/8/8/8/8/8/4K3 b - - 0 1'),
  move('b7b8b', 'b8=B', '1B6/6k1/8/8/8/8/8/4K3 b - - 0 1'),
  move('b7b8n', 'b8=N', '1N6/6k1/8/8/8/8/8/4K3 b - - 0 1'),
  move('e1d1', 'Kd1', '8/1P4k1/8/8/8/8/8/3K4 b - - 1 1'),
  move('e1e2', 'Ke2', '8/1P4k1/8/8/8/8/4K3/8 b - - 1 1'),
];

describe('promotion detection', () => {
  it('asks for a piece when a pawn reaches the last rank', () => {
    expect(intentFor(LEGAL, 'b7', 'b8')).toEqual({ kind: 'promotion', from: 'b7', to: 'b8', choices: ['q', 'r', 'b', 'n'] });
  });

  it('finds the listed move for the chosen piece', () => {
    expect(promotionMove(LEGAL, 'b7', 'b8', 'n')?.san).toBe('b8=N');
  });

  it('plays an ordinary move directly', () => {
    expect(intentFor(LEGAL, 'e1', 'e2')).toEqual({ kind: 'move', move: LEGAL[5] });
  });

  it('calls a move the server did not list illegal', () => {
    expect(intentFor(LEGAL, 'e1', 'e3')).toEqual({ kind: 'illegal' });
    expect(intentFor(LEGAL, 'b7', 'a8')).toEqual({ kind: 'illegal' });
  });
});

describe('targets', () => {
  it('lists each target square once, even with four promotion moves to it', () => {
    expect(targetsFrom(LEGAL, 'b7')).toEqual(['b8']);
    expect(targetsFrom(LEGAL, 'e1')).toEqual(['d1', 'e2']);
  });

  it('knows which pieces can move', () => {
    expect(canMoveFrom(LEGAL, 'e1')).toBe(true);
    expect(canMoveFrom(LEGAL, 'g7')).toBe(false);
  });
});
