import { ApiError } from '../../../api/apiError';
import * as api from '../../../api/games';
import type { GameView, LegalMove } from '../../../api/types';
import type { GameAction } from '../model/gameScreenModel';

/** How often to ask whether the server is back, while our move waits for it. */
const SERVER_BACK_POLL_MS = 1000;

/**
 * One of the player's commands on a game, as the game's mutation sends it: a move (its text as typed
 * or the board's UCI, with the ply it was made at, so the server refuses it if the game moved on;
 * `shown` is the legal move standing on the board meanwhile, if known), or one of the game actions.
 */
export type GameCommand = { kind: 'move'; move: string; ply: number; shown: LegalMove | undefined } | { kind: GameAction };

/** The request a command sends; the answer is the game after it. */
export function sendCommand(id: string, token: string, command: GameCommand): Promise<GameView> {
  switch (command.kind) {
    case 'move':
      return api.playMove(id, token, command.move, command.ply);
    case 'takeback':
      return api.takeBack(id, token);
    case 'resign':
      return api.resign(id, token);
    case 'draw':
      return api.offerDraw(id, token);
    case 'abort':
      return api.abort(id, token);
    case 'claim':
      return api.claimDraw(id, token);
  }
}

/** Whether `error` says the request got no answer at all (the server may or may not have acted on it). */
export function isUnanswered(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'network';
}

/**
 * Asks for the game every second until the server answers (it went away with our move unanswered),
 * then returns what it holds; null once `signal` aborts (the screen closed). A refusal is thrown.
 */
export async function untilServerAnswers(id: string, signal: AbortSignal): Promise<GameView | null> {
  while (!signal.aborted) {
    await new Promise((resolve) => window.setTimeout(resolve, SERVER_BACK_POLL_MS));
    if (signal.aborted) return null;
    try {
      return await api.getGame(id);
    } catch (error) {
      if (!isUnanswered(error)) throw error;
    }
  }
  return null;
}
