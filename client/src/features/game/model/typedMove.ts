import type { LegalMove } from '../../../api/types';

/** A move's text without check marks, for comparing what was typed with the server's list. */
const bare = (text: string) => text.trim().replace(/[+#!?]+$/, '');

/**
 * The server's listed move the text names exactly (its SAN or UCI), so it can be drawn at once; any
 * other text (`nf3`, `e2-e4`, `0-0`) is still sent, and the server's forgiving reader decides.
 */
export function knownMove(legalMoves: readonly LegalMove[], text: string): LegalMove | undefined {
  const typed = bare(text);
  return legalMoves.find((move) => bare(move.san) === typed || move.uci === typed);
}
