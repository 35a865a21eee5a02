/** Hands text to the player as a downloaded file (the PGN of an analysis). */

const PGN_TYPE = 'application/x-chess-pgn';

/** Saves `text` as a file named `fileName` through the browser's download. */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: PGN_TYPE }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has its own copy once it began; the address can go on the next turn.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
