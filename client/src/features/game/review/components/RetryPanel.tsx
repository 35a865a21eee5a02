import './review.css';
import { useId } from 'react';
import { describeError } from '../../../../api/apiError';
import { lineText } from '../../../../chess/moveList';
import { type GameLine, moveLabel, moveNumber, moverOf } from '../model/gameLine';
import { evalText } from '../model/graph';
import { pointsLostText } from '../model/moveClass';
import { canTry, counterText, isFinished, summaryText, verdictText } from '../model/retrySession';
import type { RetryState } from '../hooks/useRetry';
import { SkipReveal } from '../../../../components/SkipReveal';

interface Props {
  retry: RetryState;
  line: GameLine;
}

/**
 * "Retry your mistakes" (issue #25), shown instead of the review while it is open: the counter, the
 * move played, the server's verdict on each try, Skip and Reveal, and once solved or revealed the
 * engine's move and line with Next. The review panel (its best move, line, graph and "X was best")
 * is not rendered meanwhile, so nothing on the page gives the answer away: the solution exists in
 * the session only once the player has earned it or asked for it.
 */
export function RetryPanel({ retry, line }: Props) {
  const title = useId();
  const { session, puzzle, error, loading, busy } = retry;
  return (
    <section className="retry-panel" aria-labelledby={title} data-testid="retry-panel" data-status={session?.status}>
      <header className="retry-header">
        <h2 id={title} className="review-title">
          Retry your mistakes
        </h2>
        {session && session.plies.length > 0 && (
          <span className="retry-counter" data-testid="retry-counter" aria-label={`Mistake ${counterText(session).replace(' / ', ' of ')}`}>
            {counterText(session)}
          </span>
        )}
      </header>
      {loading && !error && (
        <p className="review-waiting" aria-busy="true">
          Loading your mistakes…
        </p>
      )}
      {error && (
        <p className="notice" role="alert" data-testid="retry-error">
          {describeError(error)}
        </p>
      )}
      {session && session.plies.length === 0 && <p data-testid="retry-none">No mistakes to retry: well played.</p>}
      {session && session.plies.length > 0 && isFinished(session) && <p data-testid="retry-done">{summaryText(session)}</p>}
      {session && puzzle && (
        <>
          <p className="retry-prompt">
            You played <strong>{moveLabel(puzzle.ply, line)}</strong> here
            {puzzle.loss ? `: it ${puzzle.loss}.` : ` (${pointsLostText(puzzle.pointsLost)}).`}{' '}
            {canTry(session) ? `Find a better move for ${puzzle.turn}.` : ''}
          </p>
          {session.lastTry && verdictText(session) && (
            <p className={`retry-verdict ${session.status}`} role="status" data-testid="retry-verdict" data-verdict={session.status}>
              {session.lastTry.san}: {verdictText(session)}
            </p>
          )}
          {busy && <p className="review-waiting">Stockfish is judging…</p>}
          {session.solution && (
            <div className="retry-solution" data-testid="retry-solution">
              <p>
                Best: <strong data-testid="retry-best">{session.solution.best.san}</strong>{' '}
                <span className="best-move-eval">{evalText(session.solution.eval)}</span>
              </p>
              {session.solution.line.length > 0 && (
                <p className="best-move-line">
                  {lineText(session.solution.line, moverOf(puzzle.ply, line.firstTurn), moveNumber(puzzle.ply, line))}
                </p>
              )}
            </div>
          )}
        </>
      )}
      <div className="retry-actions">
        {session && canTry(session) && <SkipReveal onSkip={retry.next} onReveal={retry.reveal} busy={busy} testIdPrefix="retry" />}
        {session && !canTry(session) && !isFinished(session) && (
          <button type="button" onClick={retry.next} data-testid="retry-next">
            Next
          </button>
        )}
        <button type="button" onClick={retry.close} data-testid="retry-close">
          Back to the review
        </button>
      </div>
    </section>
  );
}
