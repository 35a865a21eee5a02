import type { Thinking } from '../../../api/types';
import { formatScore } from '../../../chess/evaluation';
import type { SideMaterial } from '../../../chess/material';
import type { Color } from '../../../chess/types';
import { candidatesText } from '../model/gameFacts';
import { ClockFace } from './ClockFace';

interface Props {
  name: string;
  color: Color;
  thinking?: boolean;
  /** The search under way, when the server streams it: depth reached out of the target (at a Maia step, the human moves it weighs), and the score. */
  search?: Thinking | null;
  /** Whether to show the search's score beside its depth (the player's "Show evaluation"). */
  showScore?: boolean;
  detail?: string;
  toMove: boolean;
  /** What this side is up in material on the board shown: the pieces it took more of, and +N. */
  material?: SideMaterial;
  /** This side's clock, in a timed game. */
  clock?: { ms: number; running: boolean };
}

const GLYPHS: Record<string, string> = { P: '♟', N: '♞', B: '♝', R: '♜', Q: '♛' };
const NAMES: Record<string, string> = { P: 'pawn', N: 'knight', B: 'bishop', R: 'rook', Q: 'queen' };

/** The material a side is up, written as lichess does: `♞♟ +4`. */
function Material({ color, material }: { color: Color; material: SideMaterial }) {
  if (material.extra.length === 0 && material.advantage === 0) return null;
  const label = [
    material.extra.length > 0 ? `up ${material.extra.map((piece) => NAMES[piece[1]]).join(', ')}` : '',
    material.advantage > 0 ? `${material.advantage} ${material.advantage === 1 ? 'point' : 'points'} ahead` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return (
    <span className="material" data-testid={`material-${color}`} role="img" aria-label={label} title={label}>
      {material.extra.map((piece, index) => (
        <span key={index} className="material-piece" aria-hidden="true">
          {GLYPHS[piece[1]]}
        </span>
      ))}
      {material.advantage > 0 && (
        <span className="material-advantage" aria-hidden="true">
          +{material.advantage}
        </span>
      )}
    </span>
  );
}

/** A name plate above or below the board; the engine's one shows when it is thinking and how deep, or at a Maia step what it weighs (and its score, if asked). */
export function PlayerStrip({ name, color, thinking = false, search, showScore = false, detail, toMove, material, clock }: Props) {
  return (
    <div className={`player-strip${toMove ? ' to-move' : ''}${thinking ? ' thinking' : ''}`}>
      <span className={`color-dot ${color}`} aria-hidden="true" />
      <span className="player-name">{name}</span>
      {detail && <span className="player-detail">{detail}</span>}
      {material && <Material color={color} material={material} />}
      {thinking && (
        <span className="thinking-indicator" data-testid="thinking">
          <span className="spinner" aria-hidden="true" />
          {/* Announced once; the depth and score below change too often to be read out. */}
          <span role="status" className={search ? 'sr-only' : undefined}>
            Stockfish is thinking…
          </span>
          {search && (
            <>
              {search.kind === 'engine' ? (
                <span className="search-depth" title="Depth reached out of the target depth">
                  depth <span data-testid="search-depth">{`${search.depth}/${search.targetDepth}`}</span>
                </span>
              ) : (
                <span className="search-candidates" data-testid="search-candidates" title="The human moves Maia chooses its reply from">
                  weighs {candidatesText(search.candidates)}
                </span>
              )}
              {showScore && (
                <span className="search-eval" data-testid="search-eval" title="Evaluation, from white's side">
                  {formatScore(search.score)}
                </span>
              )}
            </>
          )}
        </span>
      )}
      {clock && <ClockFace color={color} ms={clock.ms} running={clock.running} />}
    </div>
  );
}
