import './review.css';
import { type ReactNode, useEffect, useRef } from 'react';
import { PuzzleBoard } from '../../../../components/PuzzleBoard';
import type { RetryState } from '../hooks/useRetry';

/**
 * The board row while "Retry your mistakes" is open (issue #25): the open puzzle's position, its
 * legal moves from the server, and the engine's arrow only once solved or revealed; `waiting` (the
 * game's board, locked) until a puzzle is open. Nothing of the review that could give the answer
 * away is drawn: no evaluation bar (its room is kept, so the board does not move), no best-move
 * arrow of the review. `RetryPanel` is its side of the screen.
 *
 * Each puzzle, as it opens, takes the keyboard focus onto its board (issue #40): the button that
 * opened Retry (or Next) is gone from the page by then, and focus left on `<body>` would send a
 * keyboard or screen-reader player back to the top of the page to find the puzzle.
 */
export function RetryPuzzle({ retry, waiting }: { retry: RetryState; waiting: ReactNode }) {
  const puzzle = retry.board;
  const holder = useRef<HTMLDivElement>(null);
  const openPly = puzzle ? retry.puzzle?.ply : undefined;
  useEffect(() => {
    if (openPly === undefined) return;
    holder.current?.querySelector<HTMLElement>('[role="gridcell"][tabindex="0"]')?.focus();
  }, [openPly]);
  return (
    <>
      <div className="eval-bar-slot" aria-hidden="true" />
      {puzzle ? (
        <div className="retry-board" ref={holder} data-testid="retry-board">
          <PuzzleBoard position={puzzle} onMove={retry.play} />
        </div>
      ) : (
        waiting
      )}
    </>
  );
}
