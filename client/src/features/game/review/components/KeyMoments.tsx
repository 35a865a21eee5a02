import { useId, useState } from 'react';
import type { KeyMomentSide } from '../model/keyMoments';
import { MoveClassBadge } from './MoveClassBadge';

interface Props {
  sides: KeyMomentSide[];
  /** The ply on the board, to mark the moment shown. */
  selectedPly: number;
  onSelectPly: (ply: number) => void;
  /** Opens "Retry your mistakes" from a ply; absent when this browser cannot retry (a spectator). */
  onRetry?: (fromPly: number) => void;
}

/**
 * The moments worth going back to (issue #25), per side, above the move list: each a button that
 * shows its position. "Retry your mistakes" starts at the moment chosen last (the first of the
 * player's mistakes at or after it), or at the first mistake when none was chosen.
 */
export function KeyMoments({ sides, selectedPly, onSelectPly, onRetry }: Props) {
  const title = useId();
  const [chosen, setChosen] = useState(0);
  if (sides.every((side) => side.items.length === 0) && !onRetry) return null;
  return (
    <section className="key-moments" aria-labelledby={title} data-testid="key-moments">
      <h2 id={title} className="key-moments-title">
        Key moments
      </h2>
      {sides.map((side) => (
        <div key={side.side} className="key-moments-side" data-side={side.side}>
          <h3 className="key-moments-name">
            <span className={`color-dot ${side.side}`} aria-hidden="true" /> {side.name}
          </h3>
          {side.items.length === 0 ? (
            <p className="key-moments-none">None</p>
          ) : (
            <ul className="key-moments-list">
              {side.items.map((item) => (
                <li key={item.ply}>
                  <button
                    type="button"
                    className="key-moment"
                    data-testid="key-moment"
                    data-ply={item.ply}
                    aria-current={item.ply === selectedPly ? 'step' : undefined}
                    onClick={() => {
                      setChosen(item.ply);
                      onSelectPly(item.ply);
                    }}
                  >
                    <span className="key-moment-move">{item.move}</span>
                    <MoveClassBadge moveClass={item.moveClass} />
                    <span className="key-moment-label">{item.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      {onRetry && (
        <button type="button" className="retry-start" data-testid="retry-start" onClick={() => onRetry(chosen)}>
          Retry your mistakes
        </button>
      )}
    </section>
  );
}
