import { describe, expect, it } from 'vitest';
import type { GameView } from '../../../api/types';
import { AFTER_E4_VIEW, E4, E5, legalMove, START_VIEW } from '../../../test/fixtures';
import { liveBoard } from './boardState';
import { type GameScreenInput, gameScreenModel, isLive, isPlayerReady } from './gameScreenModel';

/** The player (white) to move after 1. e4 e5, with e4's square free to play into. */
const YOUR_MOVE: GameView = { ...START_VIEW, fen: E5.fen_after, ply: 2, moves: [E4, E5], legal_moves: [legalMove(E4)], version: 5 };
const HINT = { from: 'g1', to: 'f3', san: 'Nf3' };

/** The screen's input for `view`, the player holding the token and nothing going on; `change` overrides. */
function input(view: GameView, change: Partial<GameScreenInput<typeof HINT>> = {}): GameScreenInput<typeof HINT> {
  return {
    view,
    board: liveBoard(view),
    hasToken: true,
    engineThinking: false,
    busy: null,
    reviewing: false,
    pending: false,
    flipped: false,
    settings: { premoves: true, training: false },
    hint: null,
    streaming: true,
    showEvaluation: false,
    hasAnalysis: false,
    touch: false,
    ...change,
  };
}

const finished = (change: Partial<GameView> = {}): GameView => ({
  ...YOUR_MOVE,
  status: 'finished',
  result: '0-1',
  reason: 'resignation',
  winner: 'black',
  legal_moves: [],
  ...change,
});

describe("the game screen on the player's turn", () => {
  it('lets the player move, offers the actions and the typed-move box, and says so', () => {
    const model = gameScreenModel(input(YOUR_MOVE));
    expect(model.movable).toBe('white');
    expect(model.premovable).toBeNull();
    expect(model.moveInput).toEqual({ enabled: true });
    expect(model.showPlayActions).toBe(true);
    expect(model.actions.resign).toBe(true);
    expect(model.statusText).toBe('Your move.');
    expect(model.playerPlate).toMatchObject({ name: 'You', toMove: true });
    expect(model.enginePlate).toMatchObject({ name: 'Stockfish', detail: 'level 7 (1331)', toMove: false });
    expect(model.gameOver).toBeNull();
    expect(model.showReview).toBe(false);
  });

  it('puts the player at the bottom, and Stockfish there once the board is flipped', () => {
    expect(gameScreenModel(input(YOUR_MOVE)).orientation).toBe('white');
    expect(gameScreenModel(input(YOUR_MOVE, { flipped: true })).orientation).toBe('black');
  });

  it('shows a hint, but not in training, while reviewing or with a move in flight', () => {
    expect(gameScreenModel(input(YOUR_MOVE, { hint: HINT })).hint).toBe(HINT);
    expect(gameScreenModel(input(YOUR_MOVE, { hint: HINT, settings: { premoves: true, training: true } })).hint).toBeNull();
    expect(gameScreenModel(input(YOUR_MOVE, { hint: HINT, reviewing: true })).hint).toBeNull();
    expect(gameScreenModel(input(YOUR_MOVE, { hint: HINT, pending: true })).hint).toBeNull();
  });

  it('locks the board while the player looks at an earlier position, and says how to return', () => {
    const model = gameScreenModel(input(YOUR_MOVE, { reviewing: true }));
    expect(model.movable).toBeNull();
    expect(model.premovable).toBeNull();
    expect(model.showPlayFromHere).toBe(true);
    expect(model.statusText).toMatch(/^Looking at an earlier position\. Press →/);
    expect(gameScreenModel(input(YOUR_MOVE, { reviewing: true, touch: true })).statusText).toMatch(/Tap ▶/);
  });
});

describe('the game screen while Stockfish thinks', () => {
  it('locks the board, offers one premove, and shows Stockfish to move', () => {
    const model = gameScreenModel(input(AFTER_E4_VIEW, { engineThinking: true }));
    expect(model.movable).toBeNull();
    expect(model.premovable).toBe('white');
    expect(model.moveInput).toEqual({ enabled: false });
    expect(model.actions.takeBack).toBe(false);
    expect(model.enginePlate.toMove).toBe(true);
    expect(model.playerPlate.toMove).toBe(false);
    expect(model.statusText).toBe('Stockfish is thinking…');
  });

  it('offers a premove while our own move is in flight, and none with premoves turned off', () => {
    expect(gameScreenModel(input(YOUR_MOVE, { busy: 'move' })).premovable).toBe('white');
    const off = input(AFTER_E4_VIEW, { engineThinking: true, settings: { premoves: false, training: false } });
    expect(gameScreenModel(off).premovable).toBeNull();
  });

  it('shows the live evaluation only on a streaming server when asked for', () => {
    expect(gameScreenModel(input(AFTER_E4_VIEW, { showEvaluation: true })).liveEvaluation).toBe(true);
    expect(gameScreenModel(input(AFTER_E4_VIEW, { showEvaluation: false })).liveEvaluation).toBe(false);
    const oldServer = gameScreenModel(input(AFTER_E4_VIEW, { showEvaluation: true, streaming: false }));
    expect(oldServer.liveEvaluation).toBe(false);
    expect(oldServer.showEvaluationToggle).toBe(false);
  });
});

describe('the game screen after the game', () => {
  it('shows the game-over panel and the review, and neither the actions nor the move box', () => {
    const model = gameScreenModel(input(finished()));
    expect(model.gameOver).toEqual({ spectator: false });
    expect(model.showReview).toBe(true);
    expect(model.showPlayFromHere).toBe(true);
    expect(model.showPlayActions).toBe(false);
    expect(model.moveInput).toBeNull();
    expect(model.movable).toBeNull();
    expect(model.premovable).toBeNull();
    expect(model.statusText).toBe('Game over.');
  });

  it('ends the same way when a clock flagged', () => {
    const model = gameScreenModel(input(finished({ reason: 'timeout' })));
    expect(model.gameOver).toEqual({ spectator: false });
    expect(model.live).toBe(false);
    expect(model.enginePlate.toMove).toBe(false);
  });

  it('shows the analysis with its own bar instead of the live evaluation once the review has answered', () => {
    const model = gameScreenModel(input(finished(), { hasAnalysis: true, showEvaluation: true }));
    expect(model.reviewShown).toBe(true);
    expect(model.liveEvaluation).toBe(false);
    expect(gameScreenModel(input(finished(), { hasAnalysis: false })).reviewShown).toBe(false);
  });

  it("names an imported PGN's own players and offers no rematch", () => {
    const model = gameScreenModel(input(finished({ players: { white: 'Anna', black: 'Ben' } })));
    expect(model.names).toEqual({ white: 'Anna', black: 'Ben' });
    expect(model.imported).toBe(true);
    expect(model.gameOver).toEqual({ spectator: true });
    expect(model.enginePlate.detail).toBeUndefined();
  });
});

describe('the game screen for a spectator (no token)', () => {
  it('names the sides by colour, shows no actions and never lets them move', () => {
    const model = gameScreenModel(input(YOUR_MOVE, { hasToken: false }));
    expect(model.spectator).toBe(true);
    expect(model.names).toEqual({ white: 'White', black: 'Black' });
    expect(model.enginePlate.detail).toBe('Stockfish, level 7 (1331)');
    expect(model.playerPlate.detail).toBe('player');
    expect(model.movable).toBeNull();
    expect(model.premovable).toBeNull();
    expect(model.showPlayActions).toBe(false);
    expect(model.moveInput).toBeNull();
    expect(model.statusText).toMatch(/^You are watching this game/);
  });
});

describe('whether the player plays now', () => {
  it('is live with the token while the game goes on', () => {
    expect(isLive(YOUR_MOVE, true)).toBe(true);
    expect(isLive(YOUR_MOVE, false)).toBe(false);
    expect(isLive(finished(), true)).toBe(false);
    expect(isLive(null, true)).toBe(false);
  });

  it("is ready to move on the player's turn with nothing in flight, searching or looked back at", () => {
    expect(isPlayerReady(YOUR_MOVE, true, false, null, false)).toBe(true);
    expect(isPlayerReady(YOUR_MOVE, true, true, null, false)).toBe(false);
    expect(isPlayerReady(YOUR_MOVE, true, false, 'move', false)).toBe(false);
    expect(isPlayerReady(YOUR_MOVE, true, false, null, true)).toBe(false);
    expect(isPlayerReady(AFTER_E4_VIEW, true, false, null, false)).toBe(false);
  });
});
