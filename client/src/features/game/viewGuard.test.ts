import { describe, expect, it } from 'vitest';
import type { GameView } from '../../api/types';
import { shouldApplyStreamedView } from './viewGuard';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** The views of one game as the server sends them: 1. e4 (engine thinking), then 1... e5. */
const base: GameView = {
  id: 'g',
  fen: START,
  initial_fen: START,
  player_color: 'white',
  turn: 'white',
  ply: 0,
  level: 8,
  status: 'ongoing',
  result: '*',
  reason: null,
  winner: null,
  check: false,
  last_move: null,
  moves: [],
  legal_moves: [],
  engine_thinking: false,
};
const e4 = { uci: 'e2e4', san: 'e4', fen_after: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1' };
const e5 = { uci: 'e7e5', san: 'e5', fen_after: 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2' };
const afterE4: GameView = { ...base, ply: 1, turn: 'black', moves: [e4], engine_thinking: true };
const afterE5: GameView = { ...base, ply: 2, turn: 'white', moves: [e4, e5] };

describe('the stale-view guard', () => {
  it('takes the first view and every later one', () => {
    expect(shouldApplyStreamedView(base, null, false)).toBe(true);
    expect(shouldApplyStreamedView(afterE4, base, false)).toBe(true);
    expect(shouldApplyStreamedView(afterE5, afterE4, false)).toBe(true);
  });

  it('ignores a view equal to the one on screen, such as the echo of the answer to our move', () => {
    expect(shouldApplyStreamedView({ ...afterE5 }, afterE5, false)).toBe(false);
  });

  it('leaves the view alone while our own request is in flight', () => {
    expect(shouldApplyStreamedView(afterE5, base, true)).toBe(false);
  });

  it('ignores the mid-search echo that arrives after the answer to our move', () => {
    expect(shouldApplyStreamedView(afterE4, afterE5, false)).toBe(false);
  });

  it('follows a takeback made in another tab', () => {
    expect(shouldApplyStreamedView(base, afterE5, false)).toBe(true);
  });

  it('never changes a finished game', () => {
    const resigned: GameView = { ...afterE5, status: 'finished', result: '0-1', reason: 'resignation', winner: 'black' };
    expect(shouldApplyStreamedView(afterE5, resigned, false)).toBe(false);
    expect(shouldApplyStreamedView(resigned, afterE5, false)).toBe(true);
  });

  it('ignores views of another game', () => {
    expect(shouldApplyStreamedView({ ...afterE5, id: 'other' }, base, false)).toBe(false);
  });
});
