import type { ServerErrorCode } from './types';

/** Every code this client knows: the server's, plus `network` (no answer) and `bad_response` (an answer we can't read). */
export type ApiErrorCode = ServerErrorCode | 'network' | 'bad_response';

/** One entry per server code: the compiler fails here when the server's list changes. */
const SERVER_CODES: Record<ServerErrorCode, true> = {
  malformed_json: true,
  invalid_request: true,
  invalid_fen: true,
  invalid_pgn: true,
  invalid_move_notation: true,
  missing_token: true,
  wrong_token: true,
  game_not_found: true,
  not_found: true,
  method_not_allowed: true,
  game_over: true,
  not_your_turn: true,
  stale_ply: true,
  nothing_to_take_back: true,
  payload_too_large: true,
  too_many_plies: true,
  illegal_move: true,
  engine_busy: true,
  engine_failed: true,
  engine_timeout: true,
  engine_unavailable: true,
  too_many_games: true,
  internal_error: true,
  too_many_requests: true,
  request_timeout: true,
  unknown_host: true,
  game_not_finished: true,
  analysis_not_found: true,
  storage_busy: true,
  search_in_progress: true,
  game_quarantined: true,
  draw_declined: true,
  no_draw_to_claim: true,
  abort_too_late: true,
  draw_too_early: true,
  game_aborted: true,
  loading: true,
  invalid_tree: true,
  analysis_not_done: true,
  weak_key: true,
};

/** Whether an error body's `error` field is one of the server's codes. */
export function isServerErrorCode(code: string): code is ServerErrorCode {
  return Object.hasOwn(SERVER_CODES, code);
}

/** The one error every API function throws: components branch on `code` and show `message`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  /** The server's code when this client does not know it (`code` is then `bad_response`). */
  readonly unknownCode?: string;

  constructor(status: number, code: ApiErrorCode, message: string, unknownCode?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.unknownCode = unknownCode;
  }
}

/** What the player was doing when the error came, so the sentence can name it. */
export interface ErrorContext {
  /** The move the player tried, in SAN (never UCI: sentences are for people). */
  san?: string;
}

const notPlayed = (san?: string) => (san ? `${san} was not played` : 'the move was not played');
const RELOAD = 'Reload the page and try again.';
const REFRESHED = 'the board has been refreshed.';

/**
 * A sentence for the player for every code, in plain words: the server's own messages are written
 * for developers (they quote plies and UCI moves), so they are never shown for a code we know.
 */
const SENTENCES: Record<ApiErrorCode, (context: ErrorContext) => string> = {
  network: () => 'The server cannot be reached. Check your connection and try again.',
  bad_response: () => 'The server sent an answer this page cannot read. Try again in a moment.',
  malformed_json: () => `The server did not understand this page's request. ${RELOAD}`,
  invalid_request: () => `The server did not understand this page's request. ${RELOAD}`,
  invalid_move_notation: () => `The server did not understand this page's request. ${RELOAD}`,
  not_found: () => `The server did not understand this page's request. ${RELOAD}`,
  method_not_allowed: () => `The server did not understand this page's request. ${RELOAD}`,
  payload_too_large: () => `The server did not understand this page's request. ${RELOAD}`,
  invalid_fen: () => 'That position is not a valid chess position.',
  invalid_pgn: () => 'That game record could not be read.',
  missing_token: () => 'Only the browser that started this game can play it.',
  wrong_token: () => 'This browser holds another token for this game, so it cannot play it here.',
  game_not_found: () => 'This game does not exist on the server (it may have expired).',
  game_over: () => `The game is already over; ${REFRESHED}`,
  not_your_turn: () => `It is not your turn yet; ${REFRESHED}`,
  stale_ply: () => `The game changed in another tab or on another device; ${REFRESHED}`,
  illegal_move: ({ san }) => `${san ?? 'That move'} is not possible in this position; ${REFRESHED}`,
  nothing_to_take_back: () => 'There is no move of yours to take back yet.',
  too_many_plies: () => 'This game has reached the longest game the server keeps.',
  engine_busy: () => 'The server is busy right now. Wait a moment and try again.',
  too_many_games: () => 'The server is busy right now. Wait a moment and try again.',
  engine_failed: ({ san }) => `Stockfish did not answer this time, so ${notPlayed(san)}. Try again.`,
  engine_timeout: ({ san }) => `Stockfish did not answer in time, so ${notPlayed(san)}. Try again.`,
  engine_unavailable: () => 'Stockfish is not available on the server right now. Try again later.',
  internal_error: () => 'Something went wrong on the server. Try again in a moment.',
  too_many_requests: () => 'Too many requests from this connection. Wait a moment and try again.',
  request_timeout: () => 'The connection was too slow to send this request. Try again.',
  unknown_host: () => 'This server only answers under its own address. Open it by that address.',
  game_not_finished: () => 'The review starts when the game is over.',
  analysis_not_found: () => 'This game has no review yet.',
  storage_busy: ({ san }) => `The server is saving games slowly right now, so ${notPlayed(san)}. Wait a moment and try again.`,
  search_in_progress: () => 'Stockfish is still thinking about this game. Wait for its answer.',
  game_quarantined: () => 'This game could not be loaded after a server restart. Its moves can still be downloaded as PGN.',
  draw_declined: () => 'Stockfish declines the draw.',
  no_draw_to_claim: () => `There is no draw to claim in this position; ${REFRESHED}`,
  abort_too_late: () => `The game can only be aborted until each side has made two moves; ${REFRESHED}`,
  draw_too_early: () => 'A draw can be offered once each side has made two moves; until then the game can only be aborted.',
  game_aborted: () => 'This game was aborted before each side made two moves: it has no review.',
  loading: () => 'The server is starting up. Wait a moment and try again.',
  invalid_tree: () => 'These analysis lines could not be saved: the server found a move or a comment it cannot keep.',
  analysis_not_done: () => 'The review is still running; your mistakes to retry are ready when it is done.',
  weak_key: () => 'This key is too easy to guess to start games under. In Settings, use a key of 32 random characters.',
};

/**
 * Codes whose server message is written for the player and says more than our sentence: a declined
 * draw names Stockfish's evaluation ("Stockfish declines: it evaluates the position at +1.4 for itself.").
 */
const SERVER_SENTENCE: ReadonlySet<ApiErrorCode> = new Set(['draw_declined']);

/**
 * A sentence for the player, by error code. The one exception is a code this client does not know
 * (a newer server's): the server's sentence is then all there is to say.
 */
export function describeError(error: unknown, context: ErrorContext = {}): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  if (error.unknownCode !== undefined && error.message) return error.message;
  if (SERVER_SENTENCE.has(error.code) && error.message) return error.message;
  return SENTENCES[error.code](context);
}
