import type { MoveClass } from '../../../../api/analysisTypes';

/** What a class badge shows: a short glyph on the class's colour, and the word a screen reader says. */
export interface ClassBadge {
  moveClass: MoveClass;
  /** One or two characters, drawn on the colour token `--class-<moveClass>`. */
  glyph: string;
  /** `Blunder`, or `Blunder (provisional)`: the badge's accessible name and tooltip. */
  name: string;
  /** From the quick pass (issue #24): shown muted, as the judgment beside it is, until the final ply replaces it. */
  provisional: boolean;
}

/** chess.com's words for its classes. */
export const MOVE_CLASS_NAME: Record<MoveClass, string> = {
  book: 'Book',
  great: 'Great',
  best: 'Best',
  excellent: 'Excellent',
  good: 'Good',
  inaccuracy: 'Inaccuracy',
  mistake: 'Mistake',
  blunder: 'Blunder',
  miss: 'Miss',
};

/**
 * Glyphs that read at a glance in a move list. The three bad classes keep lichess's annotation
 * symbols, so a class badge never contradicts the judgment beside it; Great has chess.com's `!`
 * (the classic "good move"); the others have their own.
 */
const GLYPH: Record<MoveClass, string> = {
  book: '≡',
  great: '!',
  best: '★',
  excellent: '✓✓',
  good: '✓',
  inaccuracy: '?!',
  mistake: '?',
  blunder: '??',
  miss: '✗',
};

/**
 * The legend shown on the review (issue #38): each class's rule in a player's words. The losses are
 * the server's thresholds (`server/src/analysis/classes.rs`) on the mover's expected score, 0 to 100 %.
 */
export const MOVE_CLASS_RULE: Record<MoveClass, string> = {
  book: 'a named opening move',
  great: "the engine's move, and every other move was a mistake or worse",
  best: "the engine's move",
  excellent: 'loses at most 2 % of the expected score',
  good: 'loses at most 5 %',
  inaccuracy: 'loses at most 10 %',
  mistake: 'loses at most 20 %',
  blunder: 'loses more than 20 %',
  miss: "lets go more than 10 % of what the opponent's mistake offered",
};

/** The classes in the legend's order, best first. */
export const LEGEND_CLASSES: readonly MoveClass[] = [
  'book',
  'great',
  'best',
  'excellent',
  'good',
  'inaccuracy',
  'mistake',
  'blunder',
  'miss',
];

/** The badge for a ply's class, or undefined when it has none (the final mate, a server before issue #25). */
export function classBadge(moveClass: MoveClass | null | undefined, provisional = false): ClassBadge | undefined {
  if (!moveClass) return undefined;
  const name = provisional ? `${MOVE_CLASS_NAME[moveClass]} (provisional)` : MOVE_CLASS_NAME[moveClass];
  return { moveClass, glyph: GLYPH[moveClass], name, provisional };
}

/** `0.14 points lost`, from the mover's expected points (0..1): two decimals, as chess.com writes them. */
export function pointsLostText(pointsLost: number): string {
  return `${pointsLost.toFixed(2)} ${pointsLost === 1 ? 'point' : 'points'} lost`;
}
