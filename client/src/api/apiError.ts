/** Codes the server sends, plus `network` (no answer) and `bad_response` (an answer we can't read). */
export type ApiErrorCode =
  | 'malformed_json'
  | 'invalid_request'
  | 'invalid_fen'
  | 'invalid_pgn'
  | 'invalid_move_notation'
  | 'missing_token'
  | 'game_not_found'
  | 'not_found'
  | 'game_over'
  | 'not_your_turn'
  | 'stale_ply'
  | 'nothing_to_take_back'
  | 'payload_too_large'
  | 'illegal_move'
  | 'engine_busy'
  | 'engine_failed'
  | 'engine_timeout'
  | 'too_many_games'
  | 'network'
  | 'bad_response';

/** The one error every API function throws: components branch on `code` and show `message`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | string;

  constructor(status: number, code: ApiErrorCode | string, message: string) {
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
    case 'stale_ply':
      return 'The game changed in another tab; the board has been refreshed.';
    default:
      return error.message || 'Something went wrong. Please try again.';
  }
}
