import './practice.css';
import { useId, useState } from 'react';
import { describeError } from '../../../api/apiError';
import type { PracticeCard } from '../../../api/practice';
import { PuzzleBoard } from '../../../components/PuzzleBoard';
import { usePracticeDeck } from '../../../practice/usePracticeDeck';
import { usePracticeSession } from '../hooks/usePracticeSession';
import { verdictText } from '../model/verdictText';
import { kindLines, phaseLines } from '../model/weaknessText';
import { SkipReveal } from '../../../components/SkipReveal';

/** A due date as the player reads it, in their own time zone. */
function dueText(due: number): string {
  return new Date(due * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The practice screen (issue #41): the player's own mistakes across their key's games, due by
 * spaced repetition. A session runs over the cards due when it opened; "What I keep getting wrong"
 * counts the whole deck by kind and by phase. Without a key there is nothing to practise.
 */
export function PracticeScreen({ onNewGame }: { onNewGame: () => void }) {
  const title = useId();
  const { key, deck } = usePracticeDeck();
  /** The cards due when the session opened: a try reschedules a card, the session keeps its list. */
  const [cards, setCards] = useState<PracticeCard[] | null>(null);
  if (deck.data && cards === null) setCards(deck.data.cards);
  return (
    <div className="practice-screen">
      <section className="practice-card" aria-labelledby={title}>
        <h1 id={title}>Practice your mistakes</h1>
        {key === null && <p data-testid="practice-no-key">Practice needs your player key: play a game first.</p>}
        {deck.isPending && key !== null && <p aria-busy="true">Loading your deck…</p>}
        {deck.error && (
          <p className="notice" role="alert">
            {describeError(deck.error)}
          </p>
        )}
        {deck.data && (
          <p data-testid="practice-counts">
            {deck.data.due_today} due today · {deck.data.learning} learning · {deck.data.new} new · {deck.data.total} in all
          </p>
        )}
        {key !== null && cards !== null && <PracticeRun playerKey={key} cards={cards} />}
        <button type="button" onClick={onNewGame}>
          New game
        </button>
      </section>
      {deck.data && deck.data.total > 0 && (
        <section className="practice-card" aria-labelledby={`${title}-weak`} data-testid="practice-weaknesses">
          <h2 id={`${title}-weak`}>What I keep getting wrong</h2>
          <h3>By kind</h3>
          <ul>
            {kindLines(deck.data.weaknesses).map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
          <h3>By phase</h3>
          <ul>
            {phaseLines(deck.data.weaknesses).map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** One session over `cards`: the board, the verdict, the solution once earned, the next due date. */
function PracticeRun({ playerKey, cards }: { playerKey: string; cards: readonly PracticeCard[] }) {
  const session = usePracticeSession(playerKey, cards);
  const { card, board, outcome, busy } = session;
  if (cards.length === 0) return <p data-testid="practice-none">Nothing is due now: come back later.</p>;
  if (session.finished)
    return (
      <p data-testid="practice-done">
        Session over: you solved {session.solved} of {session.count}.
      </p>
    );
  const open = outcome.status !== 'solved' && outcome.status !== 'revealed';
  const verdict = verdictText(outcome.status, outcome.lastTry);
  return (
    <div className="practice-run" data-testid="practice-run" data-status={outcome.status}>
      <p className="practice-counter" aria-label={`Card ${session.index + 1} of ${session.count}`}>
        {session.index + 1} / {session.count}
      </p>
      {card && (
        <p>
          You played <strong>{card.played.san}</strong> here. {open ? `Find a better move for ${card.turn}.` : ''}
        </p>
      )}
      <div className="practice-board">{board && <PuzzleBoard position={board} onMove={session.play} />}</div>
      {session.loading && <p aria-busy="true">Loading the position…</p>}
      {session.error && (
        <p className="notice" role="alert">
          {describeError(session.error)}
        </p>
      )}
      {busy && <p>Stockfish is judging…</p>}
      {verdict && (
        <p className={`practice-verdict ${outcome.status}`} role="status" data-testid="practice-verdict" data-verdict={outcome.status}>
          {verdict}
        </p>
      )}
      {outcome.solution && (
        <div data-testid="practice-solution">
          <p>
            Best: <strong data-testid="practice-best">{outcome.solution.san}</strong>
            {outcome.solution.line.length > 1 && <span> ({outcome.solution.line.join(' ')})</span>}
          </p>
          {outcome.sentence && <p>{outcome.sentence}</p>}
          {outcome.lastTry && outcome.status === 'solved' && outcome.lastTry.pointsLost > 0 && (
            <p data-testid="practice-loss">
              {outcome.lastTry.san} {outcome.lastTry.loss}
            </p>
          )}
        </div>
      )}
      {outcome.due !== null && (
        <p data-testid="practice-due">
          Next due: <time dateTime={new Date(outcome.due * 1000).toISOString()}>{dueText(outcome.due)}</time>
        </p>
      )}
      <div className="practice-actions">
        {open ? (
          <SkipReveal onSkip={session.next} onReveal={session.reveal} busy={busy} testIdPrefix="practice" />
        ) : (
          <button type="button" onClick={session.next} data-testid="practice-next">
            Next
          </button>
        )}
      </div>
    </div>
  );
}
