import { type MouseEvent, useId, useState } from 'react';
import type { AnalysedPly, Judgment } from '../../../../api/analysisTypes';
import { type GameLine, moveLabel } from '../model/gameLine';
import {
  areaPath,
  curveClass,
  curvePieces,
  GRAPH_FRAME,
  graphLabel,
  graphPoints,
  nearestPly,
  plyX,
  pointClass,
  pointLabel,
  viewX,
  zeroY,
} from '../model/graph';

interface Props {
  /**
   * The plies evaluated so far, final or provisional, possibly fewer than the game's: missing ones
   * leave the axis empty there.
   */
  plies: readonly AnalysedPly[];
  line: GameLine;
  /** The ply on the board; 0 (the starting position) draws no cursor. */
  selectedPly: number;
  onSelectPly: (ply: number) => void;
}

/** Mark sizes in user units: a blunder should catch the eye before an inaccuracy does. */
const MARK_RADIUS: Record<Judgment, number> = { inaccuracy: 2.8, mistake: 3.6, blunder: 4.4 };
const POINT_RADIUS = 2.4;

/**
 * The evaluation over the game, as on lichess: white's area above the zero line, black's below,
 * a coloured mark on every inaccuracy, mistake and blunder. Hovering names the move under the
 * pointer; a click selects it. The graph takes focus so that ←/→ (the screen's keys) step through
 * the moves with the tooltip following. While the final pass runs, the quick pass's points show
 * as provisional (a dashed curve, hollow marks) and turn solid as their final plies arrive.
 */
export function EvalGraph({ plies, line, selectedPly, onSelectPly }: Props) {
  const clip = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const lastPly = line.sans.length;
  if (lastPly === 0) return null;

  const { width, height } = GRAPH_FRAME;
  const points = graphPoints(plies, line);
  const byPly = new Map(plies.map((p) => [p.ply, p]));
  const zero = zeroY();
  const area = areaPath(points);
  const plyAt = (event: MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return nearestPly(viewX(event.clientX, box.left, box.width), lastPly);
  };
  const tipPly = hovered ?? (focused && selectedPly >= 1 ? selectedPly : null);

  return (
    <div
      className="eval-graph"
      role="img"
      aria-label={graphLabel(plies, line)}
      tabIndex={0}
      data-testid="eval-graph"
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <svg
        viewBox={`0 0 ${width} ${height}`}
        onPointerMove={(event) => setHovered(plyAt(event) ?? null)}
        onPointerLeave={() => setHovered(null)}
        onClick={(event) => {
          const ply = plyAt(event);
          if (ply !== undefined) onSelectPly(ply);
        }}
      >
        <defs>
          <clipPath id={`${clip}-white`}>
            <rect x={0} y={0} width={width} height={zero} />
          </clipPath>
          <clipPath id={`${clip}-black`}>
            <rect x={0} y={zero} width={width} height={height - zero} />
          </clipPath>
        </defs>
        <rect className="eval-graph-plot" x={0} y={0} width={width} height={height} />
        <path className="eval-graph-white" d={area} clipPath={`url(#${clip}-white)`} />
        <path className="eval-graph-black" d={area} clipPath={`url(#${clip}-black)`} />
        <line className="eval-graph-zero" x1={0} x2={width} y1={zero} y2={zero} />
        {curvePieces(points).map((piece) => (
          <path key={piece.d} className={curveClass(piece)} d={piece.d} />
        ))}
        {tipPly !== null && tipPly !== selectedPly && <Cursor className="eval-graph-hover" x={plyX(tipPly, lastPly)} />}
        {selectedPly >= 1 && selectedPly <= lastPly && <Cursor className="eval-graph-cursor" x={plyX(selectedPly, lastPly)} />}
        {points.map(({ ply, x, y }) => {
          const analysed = byPly.get(ply);
          if (!analysed) return null;
          const { judgment, provisional } = analysed;
          return (
            <circle
              key={ply}
              className={pointClass(analysed, ply === selectedPly)}
              cx={x}
              cy={y}
              r={judgment ? MARK_RADIUS[judgment] : POINT_RADIUS}
              data-ply={ply}
              data-judgment={judgment ?? undefined}
              data-provisional={provisional || undefined}
              onClick={(event) => {
                event.stopPropagation();
                onSelectPly(ply);
              }}
            >
              <title>{pointLabel(analysed, line)}</title>
            </circle>
          );
        })}
      </svg>
      {tipPly !== null && <Tooltip ply={tipPly} analysed={byPly.get(tipPly)} line={line} />}
    </div>
  );
}

function Cursor({ className, x }: { className: string; x: number }) {
  return <line className={className} x1={x} x2={x} y1={0} y2={GRAPH_FRAME.height} />;
}

/** The move under the pointer (or selected, while the graph has focus), placed over its point. */
function Tooltip({ ply, analysed, line }: { ply: number; analysed?: AnalysedPly; line: GameLine }) {
  const { width } = GRAPH_FRAME;
  const left = Math.max(12, Math.min(88, (100 * plyX(ply, line.sans.length)) / width));
  return (
    <div className="eval-graph-tooltip" style={{ left: `${left}%` }} aria-hidden="true" data-testid="eval-graph-tooltip">
      {analysed ? pointLabel(analysed, line) : `${moveLabel(ply, line)} (not analysed yet)`}
    </div>
  );
}
