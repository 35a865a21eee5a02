import './review.css';
import { LEGEND_CLASSES, MOVE_CLASS_NAME, MOVE_CLASS_RULE } from '../model/moveClass';
import { MoveClassBadge } from './MoveClassBadge';

/**
 * What each badge means, on the review screen itself (issue #38): the badge, its name and its rule.
 * A mate counts as the whole game, so allowing one costs all the mover had, and letting one go all
 * that separates the position kept from a win.
 */
export function MoveClassLegend() {
  return (
    <details className="class-legend" data-testid="class-legend" open>
      <summary>What the badges mean</summary>
      <dl>
        {LEGEND_CLASSES.map((moveClass) => (
          <div key={moveClass} className="class-legend-item" data-class={moveClass}>
            <dt>
              <MoveClassBadge moveClass={moveClass} /> {MOVE_CLASS_NAME[moveClass]}
            </dt>
            <dd>{MOVE_CLASS_RULE[moveClass]}</dd>
          </div>
        ))}
      </dl>
      <p className="class-legend-note">A forced mate counts as the whole game: allowing one costs all you had.</p>
    </details>
  );
}
