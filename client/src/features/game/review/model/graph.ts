import type { AnalysedPly } from '../../../../api/analysisTypes';
import type { Score } from '../../../../api/types';
import { formatScore, whiteShare } from '../../../../chess/evaluation';
import type { Color } from '../../../../chess/types';
import { type GameLine, moveLabel, moverOf } from './gameLine';
import { countJudgments, describeCounts, JUDGMENT_SYMBOL } from './judgment';

/**
 * The evaluation graph's geometry, in SVG user units: x runs from the first ply to the game's last
 * (so a half-analysed game leaves the right of the axis empty), y from white winning (top) through
 * equal (the zero line) to black winning (bottom), on lichess's winning-chances curve so that a
 * pawn near equality shows more than a pawn in a won position.
 *
 * The analysis runs in two passes (issue #24): a quick one draws every ply provisionally within
 * seconds, then the final one replaces them, in chunks, out of order. So a point knows whether it
 * is provisional, and the curve is drawn in pieces: solid between final points, provisional where it
 * touches a provisional point, and broken where plies are missing. A line across a gap would draw
 * evaluations nobody has made (a blunder inside the gap would look like a gentle slope); the break
 * shows them as missing, and with the quick pass gaps last only seconds.
 */

export interface GraphFrame {
  width: number;
  height: number;
  /** Room on every side so that the marks at the ends and at the edges are drawn whole. */
  pad: number;
}

export const GRAPH_FRAME: GraphFrame = { width: 400, height: 120, pad: 6 };

export interface GraphPoint {
  ply: number;
  x: number;
  y: number;
  /** From a provisional ply (the quick pass's): drawn as such until the final ply replaces it. */
  provisional: boolean;
}

/**
 * White's share of the height, 0..1, for the score after a ply. Centipawns are clipped at ±10 pawns
 * (just short of the edge, see `whiteShare`), so only a forced mate reaches the edge. `{mate: 0}`
 * is the position after a checkmate: the side that just moved has won.
 */
export function graphShare(score: Score, mover: Color): number {
  if (!('mate' in score)) return whiteShare(score);
  if (score.mate === 0) return mover === 'white' ? 1 : 0;
  return score.mate > 0 ? 1 : 0;
}

const round = (n: number) => Math.round(n * 100) / 100;

export function shareY(share: number, frame: GraphFrame = GRAPH_FRAME): number {
  return round(frame.pad + (1 - share) * (frame.height - 2 * frame.pad));
}

/** The height of an equal position. */
export function zeroY(frame: GraphFrame = GRAPH_FRAME): number {
  return shareY(0.5, frame);
}

/** Where ply p sits on an axis of `lastPly` plies; a one-move game sits in the middle. */
export function plyX(ply: number, lastPly: number, frame: GraphFrame = GRAPH_FRAME): number {
  const inner = frame.width - 2 * frame.pad;
  if (lastPly <= 1) return round(frame.pad + inner / 2);
  return round(frame.pad + ((ply - 1) / (lastPly - 1)) * inner);
}

/** The ply under x (in user units), for hover and click; undefined for a game without moves. */
export function nearestPly(x: number, lastPly: number, frame: GraphFrame = GRAPH_FRAME): number | undefined {
  if (lastPly < 1) return undefined;
  if (lastPly === 1) return 1;
  const step = (frame.width - 2 * frame.pad) / (lastPly - 1);
  return Math.max(1, Math.min(lastPly, Math.round((x - frame.pad) / step) + 1));
}

/** A pointer's x on screen to user units: the SVG keeps its aspect ratio, so the scale is linear. */
export function viewX(clientX: number, left: number, width: number, frame: GraphFrame = GRAPH_FRAME): number {
  return width > 0 ? ((clientX - left) / width) * frame.width : 0;
}

/** One point per analysed ply of the game, in ply order. */
export function graphPoints(plies: readonly AnalysedPly[], line: GameLine, frame: GraphFrame = GRAPH_FRAME): GraphPoint[] {
  const lastPly = line.sans.length;
  return plies
    .filter(({ ply }) => ply >= 1 && ply <= lastPly)
    .sort((a, b) => a.ply - b.ply)
    .map(({ ply, eval: score, provisional }) => ({
      ply,
      x: plyX(ply, lastPly, frame),
      y: shareY(graphShare(score, moverOf(ply, line.firstTurn)), frame),
      provisional,
    }));
}

/** The points split where plies are missing: each run has consecutive plies. */
export function pointRuns(points: readonly GraphPoint[]): GraphPoint[][] {
  const runs: GraphPoint[][] = [];
  for (const point of points) {
    const run = runs[runs.length - 1];
    const previous = run?.[run.length - 1];
    if (previous && point.ply === previous.ply + 1) run.push(point);
    else runs.push([point]);
  }
  return runs;
}

/** A polyline through the points. */
export function linePath(points: readonly GraphPoint[]): string {
  return points.map(({ x, y }, i) => `${i === 0 ? 'M' : 'L'}${x} ${y}`).join(' ');
}

/** One stretch of the curve, every segment of it drawn the same way. */
export interface CurvePiece {
  /** A segment is provisional when either of its ends is: it moves when that point becomes final. */
  provisional: boolean;
  d: string;
}

/**
 * The evaluation curve, in pieces: each run of consecutive plies (see `pointRuns`) split where its
 * segments change from final to provisional or back. A run of one point has no segment: its mark
 * shows it.
 */
export function curvePieces(points: readonly GraphPoint[]): CurvePiece[] {
  const pieces: { provisional: boolean; points: GraphPoint[] }[] = [];
  for (const run of pointRuns(points)) {
    let piece: (typeof pieces)[number] | undefined;
    for (let i = 1; i < run.length; i += 1) {
      const [from, to] = [run[i - 1], run[i]];
      const provisional = from.provisional || to.provisional;
      if (piece && piece.provisional === provisional) piece.points.push(to);
      else {
        piece = { provisional, points: [from, to] };
        pieces.push(piece);
      }
    }
  }
  return pieces.map(({ provisional, points: stretch }) => ({ provisional, d: linePath(stretch) }));
}

/**
 * The area between the curve and the zero line, closed along the zero line, one closed shape per
 * run of consecutive plies. Drawn twice, clipped to above the line (white's part) and to below it
 * (black's part), it makes lichess's two-tone graph.
 */
export function areaPath(points: readonly GraphPoint[], frame: GraphFrame = GRAPH_FRAME): string {
  const zero = zeroY(frame);
  return pointRuns(points)
    .map((run) => {
      const first = run[0];
      const last = run[run.length - 1];
      return `M${first.x} ${zero} ${linePath(run).replace(/^M/, 'L')} L${last.x} ${zero} Z`;
    })
    .join(' ');
}

/**
 * A point's classes (styled in `review.css`): its judgment's colour, hollow while provisional,
 * highlighted when selected. `eval-graph-point inaccuracy provisional selected`.
 */
export function pointClass(analysed: Pick<AnalysedPly, 'judgment' | 'provisional'>, selected: boolean): string {
  const { judgment, provisional } = analysed;
  return ['eval-graph-point', judgment, provisional && 'provisional', selected && 'selected'].filter(Boolean).join(' ');
}

/** A curve piece's classes: dashed and lighter while provisional. */
export function curveClass(piece: CurvePiece): string {
  return piece.provisional ? 'eval-graph-line provisional' : 'eval-graph-line';
}

/** The score as the graph writes it; a checkmate has no number worth reading. */
export function evalText(score: Score): string {
  return 'mate' in score && score.mate === 0 ? '#' : formatScore(score);
}

/** The tooltip and mark title of a ply: `14… Nxe4?? -3.20`, `14… Nxe4?? -2.90 (provisional)`. */
export function pointLabel(analysed: AnalysedPly, line: GameLine): string {
  const suffix = analysed.judgment ? JUDGMENT_SYMBOL[analysed.judgment] : '';
  return `${moveLabel(analysed.ply, line, suffix)} ${evalText(analysed.eval)}${analysed.provisional ? ' (provisional)' : ''}`;
}

/**
 * The graph's accessible name: each side's final judgments, and how far the analysis has got while
 * it runs: `Evaluation graph: 3 blunders by white; no mistakes by black (20 of 40 moves analysed,
 * 20 provisional)`. Provisional judgments are not counted: they may yet change.
 */
export function graphLabel(plies: readonly AnalysedPly[], line: GameLine): string {
  const counts = countJudgments(plies, line.firstTurn);
  const total = line.sans.length;
  const provisional = plies.filter((p) => p.provisional).length;
  const final = plies.length - provisional;
  const partial = final < total ? ` (${final} of ${total} moves analysed${provisional > 0 ? `, ${provisional} provisional` : ''})` : '';
  return `Evaluation graph: ${describeCounts(counts.white, 'white')}; ${describeCounts(counts.black, 'black')}${partial}`;
}
