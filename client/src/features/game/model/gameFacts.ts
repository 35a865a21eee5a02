import type { Candidate, GameView, Score, Thinking } from '../../../api/types';
import { colorName } from '../../../chess/describe';
import { type MoveRow, pairMoves } from '../../../chess/moveList';
import { fullmoveFromFen, turnFromFen } from '../../../chess/placement';
import type { Color } from '../../../chess/types';
import type { PendingMove } from './pendingMove';

/** The score sheet rows, with the player's move in flight already written down. */
export function scoreRows(view: GameView, pending: PendingMove | null): MoveRow[] {
  const sans = view.moves.map((m) => m.san).concat(pending ? [pending.move.san] : []);
  return pairMoves(sans, turnFromFen(view.initial_fen), fullmoveFromFen(view.initial_fen));
}

/**
 * What the screen calls each side: to the player, "You" and "Stockfish"; to a spectator (no token),
 * who is neither, the colours.
 */
export function sideNames(player: Color, spectator: boolean): Record<Color, string> {
  if (spectator) return { white: colorName('white'), black: colorName('black') };
  return player === 'white' ? { white: 'You', black: 'Stockfish' } : { white: 'Stockfish', black: 'You' };
}

/** The player's buttons that work now. */
export interface AvailableActions {
  takeBack: boolean;
  resign: boolean;
  hint: boolean;
  /** Before the player's first move, as the server says: abort instead of resign's loss. */
  abort: boolean;
  offerDraw: boolean;
  /**
   * The game can still be aborted (some side has made fewer than two moves, `can_abort`): Abort stands
   * in place of Resign, as ending the game now aborts it, and no draw can be offered. Shown whether or
   * not the button is enabled now, so it does not flip while Stockfish thinks.
   */
  abortWindow: boolean;
  /** A threefold repetition or fifty-move draw to claim (imported games), as the server says. */
  claimDraw: boolean;
}

/**
 * Which of the player's actions are open now, by one rule from the view whatever led here (a
 * reload mid-search included): none without the token, while one of our requests is out, or while
 * Stockfish searches (its reply is about to change the game); then takeback when the server says
 * there is a move of the player's to take back, and the hint on the player's turn at the live position;
 * abort and the draw claim when the server says they apply (`can_abort`, `can_claim_draw`).
 */
export function availableActions(
  view: GameView,
  state: { hasToken: boolean; busy: boolean; engineThinking: boolean; reviewing: boolean },
): AvailableActions {
  const open = state.hasToken && !state.busy && !state.engineThinking && view.status === 'ongoing';
  return {
    takeBack: open && view.can_take_back,
    resign: open,
    hint: open && view.turn === view.player_color && !state.reviewing,
    abort: open && view.can_abort,
    abortWindow: view.status === 'ongoing' && view.can_abort,
    offerDraw: open && !view.can_abort,
    claimDraw: open && view.can_claim_draw,
  };
}

/** The page's name, so a player in another tab sees whose turn it is: `Your move · AlphaChess`. */
export function tabTitle(view: GameView, thinking: boolean, spectator: boolean): string {
  const state =
    view.status === 'aborted'
      ? 'Game aborted'
      : view.status === 'finished'
        ? 'Game over'
        : spectator
          ? `${colorName(view.turn)} to move`
          : thinking || view.turn !== view.player_color
            ? 'Stockfish is thinking…'
            : 'Your move';
  return `${state} · AlphaChess`;
}

/** Whether the screen is worked by touch (no keyboard to speak of), for the words of the hints. */
export function isTouchScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/** The line above the move list. */
export function statusText(view: GameView, thinking: boolean, reviewing: boolean, hasToken: boolean, touch = false): string {
  if (!hasToken) return 'You are watching this game: it was started in another browser.';
  if (view.status === 'finished') return 'Game over.';
  if (view.status === 'aborted') return 'Game aborted.';
  if (thinking) return 'Stockfish is thinking…';
  // A phone has no arrow keys: name the button instead.
  if (reviewing) return `Looking at an earlier position. ${touch ? 'Tap ▶' : 'Press →'} or “Back to game” to return.`;
  if (view.turn !== view.player_color) return 'Waiting for Stockfish…';
  return view.check ? 'Check! Your move.' : 'Your move.';
}

/** The ply Stockfish searches for: the one after the move in flight; after a reload, the view's. */
export function searchedPly(view: GameView | null, pending: PendingMove | null): number | undefined {
  return pending ? pending.ply + 1 : view?.ply;
}

/** Side to move and move number of the position Stockfish searches: after the move in flight, if any. */
export function searchedPosition(view: GameView, pending: PendingMove | null): { turn: Color; fullmove: number } {
  const fen = pending ? pending.move.fen_after : view.fen;
  return { turn: turnFromFen(fen), fullmove: fullmoveFromFen(fen) };
}

/** What the screen shows of Stockfish's search. */
export interface EngineSearch {
  /** Stockfish is searching its reply (our move in flight, or the server says so). */
  engineThinking: boolean;
  /** The latest progress of the search under way, if the server streams it. */
  search: Thinking | null;
  /** The score of the latest search that still applies to the game on screen (gone after a takeback). */
  evaluation: Score | undefined;
}

/**
 * Reads Stockfish's search from the view, the move in flight, whether one of our requests is in
 * flight (`writing`: its answer decides, not the view's flag) and the latest `thinking` event.
 */
export function engineSearch(view: GameView | null, pending: PendingMove | null, writing: boolean, latest: Thinking | null): EngineSearch {
  const engineThinking =
    pending !== null || (!writing && view !== null && view.status === 'ongoing' && view.turn !== view.player_color && view.engine_thinking);
  const searched = searchedPly(view, pending);
  return {
    engineThinking,
    search: engineThinking && latest?.ply === searched ? latest : null,
    evaluation: latest && view && latest.ply <= (searched ?? 0) ? latest.score : undefined,
  };
}

/** What a Maia step weighs, as the CLI writes it: `e5 50%, c5 17%`. */
export function candidatesText(candidates: readonly Candidate[]): string {
  return candidates.map((candidate) => `${candidate.san} ${Math.round(candidate.probability * 100)}%`).join(', ');
}
