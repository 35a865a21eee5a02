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
};

/** Whether an error body's `error` field is one of the server's codes. */
export function isServerErrorCode(code: string): code is ServerErrorCode {
  return Object.hasOwn(SERVER_CODES, code);
}

/** The one error every API function throws: components branch on `code` and show `message`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;

  constructor(status: number, code: ApiErrorCode, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

/** A sentence for the player, by error code; the server's own message is the fallback. */
export function describeError(error: unknown): string {
  if (!(error instanceof ApiError)) return 'Something went wrong. Please try again.';
  switch (error.code) {
    case 'network':
      return 'The server cannot be reached. Check your connection and try again.';
    case 'game_not_found':
      return 'This game does not exist on the server (it may have expired).';
    case 'engine_failed':
    case 'engine_timeout':
      return 'Stockfish did not answer this time. Your move was not played; try again.';
    case 'engine_busy':
    case 'too_many_games':
      return 'The server is busy right now. Wait a moment and try again.';
    case 'too_many_requests':
      return 'Too many requests from this connection. Wait a moment and try again.';
    case 'stale_ply':
      return 'The game changed in another tab; the board has been refreshed.';
    default:
      return error.message || 'Something went wrong. Please try again.';
  }
}
