import { parseUci } from '../chess/placement';
import { ApiError } from './apiError';
import { requestJson } from './http';
import { isRecord } from './json';
import type { BoardPosition, LegalMove } from './types';

/**
 * A position's legal moves from the server's rules (`POST /api/positions/moves`), in the shape the
 * board takes: the client knows no rules, so a board showing a position that is not a game's (a
 * puzzle of "Retry your mistakes") asks the server what may be played there.
 */
export interface PositionMoves {
  legalMoves: LegalMove[];
  /** Whether the side to move is in check. */
  check: boolean;
}

/** A position's legal moves, each with its SAN and the FEN after it, as the server sends them. */
export function getBoardPosition(fen: string, signal?: AbortSignal): Promise<BoardPosition> {
  return requestJson<BoardPosition>('/api/positions/moves', { method: 'POST', body: { fen }, signal });
}

export async function getPositionMoves(fen: string, signal?: AbortSignal): Promise<PositionMoves> {
  const payload: unknown = await getBoardPosition(fen, signal);
  if (!isRecord(payload) || !Array.isArray(payload.legal_moves) || typeof payload.check !== 'boolean') {
    throw new ApiError(200, 'bad_response', 'the server sent legal moves we cannot read');
  }
  const legalMoves = payload.legal_moves.map(parseBoardMove);
  if (!legalMoves.every((move) => move !== undefined)) throw new ApiError(200, 'bad_response', 'the server sent a move we cannot read');
  return { legalMoves, check: payload.check };
}

const PROMOTIONS = ['q', 'r', 'b', 'n'] as const;

/** `{uci, san, fen}` as a `LegalMove` (squares from the UCI, the position after it as `fen_after`). */
function parseBoardMove(value: unknown): LegalMove | undefined {
  if (!isRecord(value) || typeof value.uci !== 'string' || typeof value.san !== 'string' || typeof value.fen !== 'string') return undefined;
  const squares = parseUci(value.uci);
  if (!squares) return undefined;
  const promotion = squares.promotion === undefined ? null : PROMOTIONS.find((role) => role === squares.promotion);
  if (promotion === undefined) return undefined;
  return { from: squares.from, to: squares.to, promotion, san: value.san, uci: value.uci, fen_after: value.fen };
}
