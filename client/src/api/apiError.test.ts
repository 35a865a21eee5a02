import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorCode, describeError } from './apiError';
import type { ServerErrorCode } from './types';

/** Every code the client can meet, listed by hand so that a new one shows up here too. */
const SERVER_CODES: readonly ServerErrorCode[] = [
  'malformed_json',
  'invalid_request',
  'invalid_fen',
  'invalid_pgn',
  'invalid_move_notation',
  'missing_token',
  'wrong_token',
  'game_not_found',
  'not_found',
  'method_not_allowed',
  'game_over',
  'not_your_turn',
  'stale_ply',
  'nothing_to_take_back',
  'payload_too_large',
  'too_many_plies',
  'illegal_move',
  'engine_busy',
  'engine_failed',
  'engine_timeout',
  'engine_unavailable',
  'too_many_games',
  'internal_error',
  'no_draw_to_claim',
  'abort_too_late',
  'loading',
];
const CODES: readonly ApiErrorCode[] = [...SERVER_CODES, 'network', 'bad_response'];
/** A UCI move such as the server's messages quote: `g8f6`, `e7e8q`. */
const UCI = /\b[a-h][1-8][a-h][1-8][qrbn]?\b/;
/** What a server message for a developer looks like. */
const DEVELOPER_MESSAGE = 'illegal move g8f6 at ply 5, not 4: the game is at ply 6; reload it';

describe('error sentences for the player', () => {
  it.each(CODES)("say %s in a plain sentence, never the server's words or a UCI move", (code) => {
    const sentence = describeError(new ApiError(409, code, DEVELOPER_MESSAGE), { san: 'Nf6' });
    expect(sentence).toMatch(/^[A-Z0-9].*\.$/);
    expect(sentence).not.toMatch(UCI);
    expect(sentence).not.toMatch(/\bply\b/);
  });

  it('name the refused move in SAN', () => {
    expect(describeError(new ApiError(422, 'illegal_move', DEVELOPER_MESSAGE), { san: 'Nf6' })).toBe(
      'Nf6 is not possible in this position; the board has been refreshed.',
    );
    expect(describeError(new ApiError(504, 'engine_timeout', 'the engine took too long'), { san: 'Qxf7#' })).toBe(
      'Stockfish did not answer in time, so Qxf7# was not played. Try again.',
    );
  });

  it('pass on why Stockfish declines a draw, which the server writes for the player', () => {
    const because = 'Stockfish declines: it evaluates the position at +1.4 for itself.';
    expect(describeError(new ApiError(409, 'draw_declined', because))).toBe(because);
    expect(describeError(new ApiError(409, 'draw_declined', ''))).toBe('Stockfish declines the draw.');
  });

  it('say something sensible without a move to name', () => {
    expect(describeError(new ApiError(422, 'illegal_move', DEVELOPER_MESSAGE))).toBe(
      'That move is not possible in this position; the board has been refreshed.',
    );
    expect(describeError(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});
