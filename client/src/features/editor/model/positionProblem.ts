/**
 * The server's reason a position is refused, in the editor's words: the server reads the position as
 * a FEN and says "Invalid FEN: …", but someone who set up a board never typed a FEN, so the editor
 * speaks of the position and keeps only the reason ("impossible position" is what it already says).
 */
export function positionProblem(serverMessage: string): string {
  const reason = serverMessage
    .replace(/^\s*invalid fen\s*:\s*/i, '')
    .replace(/^impossible position\s*:\s*/i, '')
    .trim();
  if (reason === '') return 'This position cannot be played.';
  const sentence = reason.endsWith('.') ? reason : `${reason}.`;
  return `This position cannot be played: ${sentence}`;
}
