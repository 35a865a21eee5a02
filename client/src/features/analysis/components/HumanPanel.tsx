import { useQuery } from '@tanstack/react-query';
import { humanMovesQuery } from '../api/analysisQueries';
import type { ExploreTarget } from '../api/exploreStream';
import { HUMAN_BANDS, type HumanBand } from '../api/humanMoves';

interface Props {
  /** The position asked about; null when it has no moves (the game is over there). */
  target: ExploreTarget | null;
  band: HumanBand;
  onBand: (band: HumanBand) => void;
  /** Plays a move on the board. */
  onPlay: (uci: string) => void;
}

const percent = (probability: number) => `${Math.round(probability * 100)}%`;

/**
 * "What would a 1500 play here?": the moves Maia's network of the chosen lichess band gives the most
 * weight to, with how often players of that band choose them — beside the engine's lines, which say
 * what is best. Each move is a button that plays it on the board.
 */
export function HumanPanel({ target, band, onBand, onPlay }: Props) {
  const query = useQuery({ ...humanMovesQuery(target ?? { start: '', moves: [], fen: '' }, band), enabled: target !== null });
  const moves = query.data?.moves ?? [];
  return (
    <section
      className="human-panel"
      aria-label="Human moves"
      data-testid="human-panel"
      data-band={band}
      data-status={target ? query.status : 'over'}
    >
      <label className="human-head">
        What would a{' '}
        <select value={band} onChange={(event) => onBand(Number(event.target.value) as HumanBand)} data-testid="human-band">
          {HUMAN_BANDS.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>{' '}
        play here?
      </label>
      {target === null ? (
        <p className="engine-status">No moves: the game is over in this position.</p>
      ) : query.isError ? (
        <p className="engine-status" role="status">
          The human moves are not available right now.
        </p>
      ) : query.isPending ? (
        <p className="engine-status">Asking players rated {band}…</p>
      ) : (
        <ol className="human-moves" data-testid="human-moves">
          {moves.map((move) => (
            <li key={move.uci} className="human-move" data-testid="human-move" data-uci={move.uci} data-probability={move.probability}>
              <button type="button" className="engine-first" onClick={() => onPlay(move.uci)} title={`Play ${move.san}`}>
                {move.san}
              </button>
              <span className="human-bar" aria-hidden="true">
                <span style={{ width: percent(move.probability) }} />
              </span>
              <span className="human-percent">{percent(move.probability)}</span>
            </li>
          ))}
        </ol>
      )}
      <p className="human-note">
        Maia's network of lichess players rated {band}–{band + 99}: what they play, not what is best.
      </p>
    </section>
  );
}
