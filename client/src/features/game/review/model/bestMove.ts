import type { AnalysedPly, Judgment } from '../../../../api/analysisTypes';
import { lineText } from '../../../../chess/moveList';
import { parseUci } from '../../../../chess/placement';
import type { SquareName } from '../../../../chess/types';
import { type GameLine, moveLabel, moveNumber, moverOf } from './gameLine';
import { evalText } from './graph';
import { judgmentName } from './judgment';

/**
 * Stockfish's choice in the position before `analysed.ply`, as an arrow for the board. Undefined
 * when there is none (the server sends no best move, or one the board cannot draw).
 */
export function bestMoveArrow(analysed: AnalysedPly): { from: SquareName; to: SquareName } | undefined {
  const squares = analysed.best && parseUci(analysed.best.uci);
  return squares ? { from: squares.from, to: squares.to } : undefined;
}

/** What the review says about one analysed ply, as sentences ready to show. */
export interface BestMoveText {
  /** `14… Nxe4` */
  played: string;
  judgment: Judgment | null;
  /** `Blunder.`, `Blunder (provisional).`, or null for a move without a judgment. */
  verdict: string | null;
  /** Built from the quick pass (issue #24): the score, judgment and best move may still change. */
  provisional: boolean;
  /** The score after the move played: `-3.20`. */
  eval: string;
  /** `Best was Nf6 (+0.40)`, `Nf6 was the best move`, or null when the server sent no best move. */
  best: string | null;
  /** Stockfish's line from the position before the move: `14... Nf6 15. Nf3 Be7`, or null. */
  line: string | null;
}

/**
 * The best move's score is the score before the move played: the engine's score of a position is
 * the score of its best line. It is unknown for the first ply (the start position is not analysed).
 */
export function bestMoveText(plies: readonly AnalysedPly[], analysed: AnalysedPly, line: GameLine): BestMoveText {
  const { ply, best, judgment, provisional } = analysed;
  const before = plies.find((p) => p.ply === ply - 1);
  const playedSan = line.sans[ply - 1];
  let bestText: string | null = null;
  if (best && best.san === playedSan) bestText = `${best.san} was the best move`;
  else if (best) bestText = `Best was ${best.san}${before ? ` (${evalText(before.eval)})` : ''}`;
  const pv = analysed.pv_san.length > 0 ? lineText(analysed.pv_san, moverOf(ply, line.firstTurn), moveNumber(ply, line)) : null;
  return {
    played: moveLabel(ply, line),
    judgment,
    verdict: judgment ? `${judgmentName({ judgment, provisional })}.` : null,
    provisional,
    eval: evalText(analysed.eval),
    best: bestText,
    line: pv,
  };
}
