import type { Color } from '../../../chess/types';

/**
 * The game screen's one `<h1>` (issue #40), read by screen readers and hidden on screen, where the
 * name plates already say it: who plays whom, white first, as a score sheet heads a game, and
 * whether the game is over, so that a heading jump lands on what the screen is about.
 */
export function screenHeading({ names, ongoing }: { names: Record<Color, string>; ongoing: boolean }): string {
  const players = `${names.white} vs ${names.black}`;
  return ongoing ? `Game: ${players}` : `Finished game: ${players}`;
}
