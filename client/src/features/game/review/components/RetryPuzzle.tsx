import type { ReactNode } from 'react';
import { Board } from '../../../../components/Board';
import { playSound } from '../../../../sound/play';
import type { RetryState } from '../hooks/useRetry';

/**
 * The board row while "Retry your mistakes" is open (issue #25): the open puzzle's position, its
 * legal moves from the server, and the engine's arrow only once solved or revealed; `waiting` (the
 * game's board, locked) until a puzzle is open. Nothing of the review that could give the answer
 * away is drawn: no evaluation bar (its room is kept, so the board does not move), no best-move
 * arrow of the review. `RetryPanel` is its side of the screen.
 */
export function RetryPuzzle({ retry, waiting }: { retry: RetryState; waiting: ReactNode }) {
  const puzzle = retry.board;
  return (
    <>
      <div className="eval-bar-slot" aria-hidden="true" />
      {puzzle ? (
        <Board
          placement={puzzle.placement}
          orientation={puzzle.orientation}
          movable={puzzle.movable}
          legalMoves={puzzle.legalMoves}
          checkSquare={puzzle.checkSquare}
          bestMove={puzzle.arrow}
          onMove={retry.play}
          onIllegal={() => playSound('illegal')}
        />
      ) : (
        waiting
      )}
    </>
  );
}
