import { describe, expect, it } from 'vitest';
import type { Thinking } from '../../../api/types';
import { AFTER_E4_VIEW, E5, START_VIEW, legalMove } from '../../../test/fixtures';
import { availableActions, candidatesText, engineSearch, statusText, tabTitle } from './gameFacts';

const progress = (ply: number, cp: number): Thinking => ({
  kind: 'engine',
  ply,
  depth: 8,
  targetDepth: 20,
  score: { cp },
  nodes: 0,
  nps: 0,
  pv: [],
});

describe("what the screen shows of Stockfish's search", () => {
  it("shows Stockfish thinking while the player's move is in flight, with the progress for the ply after it", () => {
    const shown = engineSearch(START_VIEW, { move: legalMove(E5), ply: 0 }, true, progress(1, 30));
    expect(shown).toEqual({ engineThinking: true, search: progress(1, 30), evaluation: { cp: 30 } });
  });

  it("trusts the server's flag after a reload, but not while one of our requests decides", () => {
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

describe("the player's actions", () => {
  const none = { takeBack: false, resign: false, hint: false, abort: false, abortWindow: false, offerDraw: false, claimDraw: false };
  const idle = { hasToken: true, busy: false, engineThinking: false, reviewing: false };
  const afterReply = { ...AFTER_E4_VIEW, turn: 'white' as const, ply: 2, engine_thinking: false };

  it("are closed during Stockfish's search, as the server's view says it after a reload", () => {
    const thinking = engineSearch(AFTER_E4_VIEW, null, false, null).engineThinking;
    expect(availableActions(AFTER_E4_VIEW, { ...idle, engineThinking: thinking })).toEqual(none);
  });

  it("open on the player's turn, takeback only when the server has a move of the player's to take back", () => {
    expect(availableActions(afterReply, idle)).toEqual({ ...none, takeBack: true, resign: true, hint: true, offerDraw: true });
    expect(availableActions({ ...START_VIEW, can_take_back: false }, idle)).toEqual({
      ...none,
      resign: true,
      hint: true,
      abort: true,
      abortWindow: true,
    });
  });

  it('offer abort and the draw claim only when the server says they apply', () => {
    expect(availableActions({ ...afterReply, can_abort: false }, idle).abort).toBe(false);
    expect(availableActions({ ...afterReply, can_abort: true }, idle).abort).toBe(true);
    // Until each side has made two moves: Abort in place of Resign, kept while Stockfish thinks, and no draw offer.
    const thinking = { ...idle, engineThinking: true };
    expect(availableActions({ ...afterReply, can_abort: true }, thinking)).toMatchObject({ abort: false, abortWindow: true });
    expect(availableActions({ ...afterReply, can_abort: true }, idle).offerDraw).toBe(false);
    expect(availableActions({ ...afterReply, can_claim_draw: true }, idle).claimDraw).toBe(true);
    expect(availableActions({ ...afterReply, can_claim_draw: true }, { ...idle, busy: true }).claimDraw).toBe(false);
  });

  it("are closed without the game's token, while a request is out, and once the game is over", () => {
    const closed = none;
    expect(availableActions(afterReply, { ...idle, hasToken: false })).toEqual(closed);
    expect(availableActions(afterReply, { ...idle, busy: true })).toEqual(closed);
    expect(availableActions({ ...afterReply, status: 'finished' }, idle)).toEqual(closed);
  });

  it('offer no hint while the player looks at an earlier position', () => {
    expect(availableActions(afterReply, { ...idle, reviewing: true }).hint).toBe(false);
  });
});

describe('the tab title', () => {
  it('says whose turn it is, so a player in another tab knows when to come back', () => {
    expect(tabTitle(START_VIEW, false, false)).toBe('Your move · AlphaChess');
    expect(tabTitle(AFTER_E4_VIEW, true, false)).toBe('Stockfish is thinking… · AlphaChess');
    expect(tabTitle(AFTER_E4_VIEW, false, true)).toBe('Black to move · AlphaChess');
    expect(tabTitle({ ...START_VIEW, status: 'finished' }, false, false)).toBe('Game over · AlphaChess');
    expect(tabTitle({ ...START_VIEW, status: 'aborted' }, false, false)).toBe('Game aborted · AlphaChess');
  });
});

describe('the status line', () => {
  it('tells a keyboard user to press → and a touch-screen user to tap ▶ to return to the game', () => {
    const afterReply = { ...AFTER_E4_VIEW, turn: 'white' as const, ply: 2, engine_thinking: false };
    expect(statusText(afterReply, false, true, true)).toMatch(/Press →/);
    expect(statusText(afterReply, false, true, true, true)).toMatch(/^Looking at an earlier position\. Tap ▶ or/);
    expect(statusText(afterReply, false, true, true, true)).not.toMatch(/Press/);
  });
});

describe('what a Maia step weighs', () => {
  it('names each candidate with its share of the band, most likely first', () => {
    const candidates = [
      { san: 'e5', uci: 'e7e5', probability: 0.4988 },
      { san: 'c5', uci: 'c7c5', probability: 0.1721 },
    ];
    expect(candidatesText(candidates)).toBe('e5 50%, c5 17%');
  });
});
