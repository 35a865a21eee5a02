/** The open card's status, as the practice session tracks it. */
type Status = 'trying' | 'not_quite' | 'wrong' | 'solved' | 'revealed';

/**
 * The verdict line of a try, with its loss in the server's words ("Nd4: Wrong: it allows a forced
 * mate (52 % → 0 %). Try again"), the same words retry gives: never a bare "0.05 points".
 */
export function verdictText(status: Status, lastTry: { san: string; loss: string } | null): string | null {
  if (status === 'revealed') return 'Revealed';
  if (!lastTry) return null;
  if (status === 'solved') return `${lastTry.san}: Solved`;
  if (status === 'not_quite') return `${lastTry.san}: Not quite: it ${lastTry.loss}… try again`;
  return `${lastTry.san}: Wrong: it ${lastTry.loss}. Try again`;
}
