import { describe, expect, it } from 'vitest';
import type { LegalMove, PlayedMove } from '../api/types';
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

/** A listed move whose `to` differs from its UCI target, as a Chess960 castling's does. */
const landing = (m: PlayedMove, to: string) => ({ ...legalMove(m), to: to as LegalMove['to'] });

describe('castling by dragging the king', () => {
  // Chess960, "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1": castling is king-takes-rook in
  // UCI, the king's destination in `to`.
  const short = landing({ uci: 'b1h1', san: 'O-O', fen_after: 'rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha - 1 1' }, 'g1');
  const long = landing({ uci: 'b1a1', san: 'O-O-O', fen_after: 'rk5r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b ha - 1 1' }, 'c1');
  const step = landing({ uci: 'b1c1', san: 'Kc1', fen_after: 'rk5r/pppppppp/8/8/8/8/PPPPPPPP/R1K4R b ha - 1 1' }, 'c1');
  const CHESS960 = [short, long, step];

  it('castles when the king is dropped onto its own rook', () => {
    expect(intentFor(CHESS960, 'b1', 'h1')).toEqual({ kind: 'move', move: short });
    expect(intentFor(CHESS960, 'b1', 'a1')).toEqual({ kind: 'move', move: long });
  });

  it('castles when the king is dropped two squares away, and a plain step stays a step', () => {
    expect(intentFor(CHESS960, 'b1', 'g1')).toEqual({ kind: 'move', move: short });
    expect(intentFor([step, long], 'b1', 'c1')).toEqual({ kind: 'move', move: step });
  });

  it('castles onto the corner rook in standard chess too', () => {
    const standard = landing({ uci: 'e1g1', san: 'O-O', fen_after: 'r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1' }, 'g1');
    expect(intentFor([standard], 'e1', 'h1')).toEqual({ kind: 'move', move: standard });
    expect(targetsFrom([standard], 'e1')).toEqual(['g1', 'h1']);
  });

  it('never offers the king its own square when it castles where it stands', () => {
    const inPlace = landing({ uci: 'g1h1', san: 'O-O', fen_after: 'rk5r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b - - 1 1' }, 'g1');
    expect(targetsFrom([inPlace], 'g1')).toEqual(['h1']);
    expect(intentFor([inPlace], 'g1', 'g1')).toEqual({ kind: 'illegal' });
    expect(intentFor([inPlace], 'g1', 'h1')).toEqual({ kind: 'move', move: inPlace });
  });
});
