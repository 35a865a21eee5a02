import { describe, expect, it } from 'vitest';
import type { Thinking } from '../../api/types';
import { AFTER_E4_VIEW, E5, START_VIEW, legalMove } from '../../test/fixtures';
import { engineSearch } from './gameFacts';

const progress = (ply: number, cp: number): Thinking => ({ ply, depth: 8, targetDepth: 20, score: { cp }, nodes: 0, nps: 0, pv: [] });

describe('what the screen shows of Stockfish\'s search', () => {
  it('shows Stockfish thinking while the player\'s move is in flight, with the progress for the ply after it', () => {
    const shown = engineSearch(START_VIEW, { move: legalMove(E5), ply: 0 }, true, progress(1, 30));
    expect(shown).toEqual({ engineThinking: true, search: progress(1, 30), evaluation: { cp: 30 } });
  });

  it('trusts the server\'s flag after a reload, but not while one of our requests decides', () => {
    expect(engineSearch(AFTER_E4_VIEW, null, false, null).engineThinking).toBe(true);
    expect(engineSearch(AFTER_E4_VIEW, null, true, null).engineThinking).toBe(false);
    expect(engineSearch({ ...AFTER_E4_VIEW, engine_thinking: false }, null, false, null).engineThinking).toBe(false);
  });

  it('keeps the last score as the evaluation once the search is over, and drops it after a takeback', () => {
    const after = { ...AFTER_E4_VIEW, engine_thinking: false, turn: 'white' as const, ply: 2 };
    expect(engineSearch(after, null, false, progress(1, -15))).toEqual({ engineThinking: false, search: null, evaluation: { cp: -15 } });
    expect(engineSearch(START_VIEW, null, false, progress(1, -15)).evaluation).toBeUndefined();
  });

  it('hides progress for another ply than the one searched', () => {
    expect(engineSearch(AFTER_E4_VIEW, null, false, progress(3, 10)).search).toBeNull();
  });
});
