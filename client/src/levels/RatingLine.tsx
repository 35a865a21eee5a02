import type { RatingAnswer } from '../api/ladder';

interface Props {
  answer: RatingAnswer | null;
  /** Chooses the suggested step, where the player can still choose (the start screen). */
  onChoose?: (level: number) => void;
}

/** "Your rating: about 1340 ± 120 · Next: 1450, a fair fight", on the engine scale of the ladder. */
export function RatingLine({ answer, onChoose }: Props) {
  if (!answer) return null;
  return (
    <p className="player-rating" data-testid="player-rating">
      Your rating: <strong data-testid="rating-shown">{answer.shown}</strong> <span data-testid="rating-next">{answer.next_shown}</span>
      {onChoose && (
        <>
          {' '}
          <button type="button" className="link" data-testid="choose-suggested" onClick={() => onChoose(answer.next.level)}>
            (level {answer.next.level})
          </button>
        </>
      )}
    </p>
  );
}
