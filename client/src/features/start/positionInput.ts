import type { PositionRequest } from '../../api/types';

/**
 * Which field of the API a pasted text goes in: a FEN (one line whose first field is ranks split by
 * `/`, however many: a 9-rank FEN is a wrong FEN, not a PGN, and the server's FEN reader says why)
 * or else a PGN. Only the format is guessed here; the server parses and judges both.
 * Nothing (an empty box) is no request.
 */
export function positionRequest(text: string): PositionRequest | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const firstField = trimmed.split(/\s+/)[0];
  const looksLikeFen = !trimmed.includes('\n') && firstField.split('/').length >= 2 && !/\d\./.test(trimmed);
  return looksLikeFen ? { fen: trimmed } : { pgn: trimmed };
}
