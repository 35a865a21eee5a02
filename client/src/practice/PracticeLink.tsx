import { usePracticeDeck } from './usePracticeDeck';

/**
 * "Practice — N due" (issue #41), on the start screen and after a review: the way into the deck of
 * the player's own mistakes. Nothing is shown without a key, without cards, or while the deck loads
 * or failed to (the start screen must not depend on it). `onOpen` goes to `/practice` within the page; without it (deep in the game screen, after a
 * review) the link loads `/practice`, which the server serves as the app.
 */
export function PracticeLink({ onOpen }: { onOpen?: () => void }) {
  const { deck } = usePracticeDeck();
  if (!deck.data || deck.data.total === 0) return null;
  return (
    <p className="practice-link">
      <a
        href="/practice"
        data-testid="practice-link"
        onClick={(event) => {
          if (!onOpen) return;
          event.preventDefault();
          onOpen();
        }}
      >
        Practice — {deck.data.cards.length} due
      </a>
    </p>
  );
}
