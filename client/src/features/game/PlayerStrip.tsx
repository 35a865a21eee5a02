import type { Color } from '../../chess/types';

interface Props {
  name: string;
  color: Color;
  thinking?: boolean;
  detail?: string;
  toMove: boolean;
}

/** A name plate above or below the board; Stockfish's one shows when it is thinking. */
export function PlayerStrip({ name, color, thinking = false, detail, toMove }: Props) {
  return (
    <div className={`player-strip${toMove ? ' to-move' : ''}${thinking ? ' thinking' : ''}`}>
      <span className={`color-dot ${color}`} aria-hidden="true" />
      <span className="player-name">{name}</span>
      {detail && <span className="player-detail">{detail}</span>}
      {thinking && (
        <span className="thinking-indicator" data-testid="thinking" role="status">
          <span className="spinner" aria-hidden="true" />
          Stockfish is thinking…
        </span>
      )}
    </div>
  );
}
