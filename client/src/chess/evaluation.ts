import type { Score } from '../api/types';

/**
 * Engine scores for people. Scores are always from white's point of view, as on lichess: `+0.34`
 * means white is better by about a third of a pawn, `#3` white mates in 3, `#-2` black mates in 2.
 */

/** The usual notation: `+0.34`, `-1.20`, `0.00`, `#3`, `#-2`. */
export function formatScore(score: Score): string {
  if ('mate' in score) return `#${score.mate}`;
  if (score.cp === 0) return '0.00';
  return `${score.cp > 0 ? '+' : '-'}${(Math.abs(score.cp) / 100).toFixed(2)}`;
}

/** A sentence for screen readers. */
export function describeScore(score: Score): string {
  if ('mate' in score) {
    if (score.mate === 0) return 'Checkmate';
    return `${score.mate > 0 ? 'White' : 'Black'} mates in ${Math.abs(score.mate)}`;
  }
  if (score.cp === 0) return 'Equal position';
  return `${score.cp > 0 ? 'White' : 'Black'} is better by ${(Math.abs(score.cp) / 100).toFixed(2)} pawns`;
}

/** Past this, more centipawns don't move the bar: the game is decided either way. */
const CP_CEILING = 1000;
/** lichess's winning-chances curve: 2 / (1 + e^(-k·cp)) - 1, fitted to real games. */
const WIN_CHANCE_SLOPE = 0.00368208;

/** Centipawns that stand for a mate in n on the bar: a near mate fills it more than a far one. */
function mateAsCp(mate: number): number {
  return Math.sign(mate) * (21 - Math.min(10, Math.abs(mate))) * 100;
}

/**
 * White's share of the evaluation bar, from 0 (black is winning) through 0.5 (equal) to 1 (white is
 * winning), on the winning-chances curve so that +1 moves the bar more near equality than at +8.
 */
export function whiteShare(score: Score): number {
  const cp = 'mate' in score ? mateAsCp(score.mate) : Math.max(-CP_CEILING, Math.min(CP_CEILING, score.cp));
  const chances = 2 / (1 + Math.exp(-WIN_CHANCE_SLOPE * cp)) - 1;
  return (1 + chances) / 2;
}
