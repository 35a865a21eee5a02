import './levelGrid.css';
import type { Levels } from '../../api/ladder';
import { radioChoice } from '../../components/radioGroupKeys';
import { LEVEL_DESCRIPTIONS, LEVELS, type LevelNumber } from '../../levels/levels';

interface Props {
  level: LevelNumber;
  /** The measured ladder, once it has come (the grid shows names before it, ratings after). */
  ladder: Levels | null | undefined;
  onChoose: (value: number) => void;
  /** The longer words for a step, shown in its hover title. */
  describe: (value: LevelNumber) => string;
}

/** A step's name, as a button has room for it: the words before the description's colon. */
export function stepName(value: LevelNumber): string {
  return LEVEL_DESCRIPTIONS[value].split(':')[0];
}

/**
 * The ladder's 21 steps as a radio group, each showing its number, its name and its measured
 * rating, so a newcomer can pick by words rather than by a bare number (issue #40).
 */
export function LevelGrid({ level, ladder, onChoose, describe }: Props) {
  const ratingOf = (value: number) => ladder?.levels.find((step) => step.level === value)?.rating;
  return (
    <div className="levels" role="radiogroup" aria-label="Stockfish level">
      {LEVELS.map((value) => {
        const rating = ratingOf(value);
        return (
          <button
            key={value}
            {...radioChoice(value, LEVELS, level, onChoose)}
            aria-label={`Level ${value}`}
            aria-describedby={level === value ? 'level-description' : undefined}
            title={describe(value)}
            className={`level${level === value ? ' chosen' : ''}`}
            data-level={value}
          >
            <span className="level-number">{value}</span>
            <span className="level-name">{stepName(value)}</span>
            {rating !== undefined && <span className="level-rating">{rating}</span>}
          </button>
        );
      })}
    </div>
  );
}
