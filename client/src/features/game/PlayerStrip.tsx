import type { Thinking } from '../../api/types';
import { formatScore } from '../../chess/evaluation';
import type { Color } from '../../chess/types';

interface Props {
  name: string;
  color: Color;
  thinking?: boolean;
  /** The search under way, when the server streams it: depth reached out of the target, and the score. */
  search?: Thinking | null;
  /** Whether to show the search's score beside its depth (the player's "Show evaluation"). */
  showScore?: boolean;
  detail?: string;
  toMove: boolean;
}

/** A name plate above or below the board; Stockfish's one shows when it is thinking and how deep (and its score, if asked). */
export function PlayerStrip({ name, color, thinking = false, search, showScore = false, detail, toMove }: Props) {
  return (
    <div className={`player-strip${toMove ? ' to-move' : ''}${thinking ? ' thinking' : ''}`}>
      <span className={`color-dot ${color}`} aria-hidden="true" />
      <span className="player-name">{name}</span>
      {detail && <span className="player-detail">{detail}</span>}
      {thinking && (
        <span className="thinking-indicator" data-testid="thinking">
          <span className="spinner" aria-hidden="true" />
          {/* Announced once; the depth and score below change too often to be read out. */}
          <span role="status" className={search ? 'sr-only' : undefined}>
            Stockfish is thinking…
          </span>
          {search && (
            <>
              <span className="search-depth" title="Depth reached out of the target depth">
                depth <span data-testid="search-depth">{`${search.depth}/${search.targetDepth}`}</span>
              </span>
              {showScore && (
                <span className="search-eval" data-testid="search-eval" title="Evaluation, from white's side">
                  {formatScore(search.score)}
                </span>
              )}
            </>
          )}
        </span>
      )}
    </div>
  );
}
