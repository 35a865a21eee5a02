import { playSound } from '../sound/play';
import { Board, type BoardProps } from './Board';

/** A mistake's position to try again, as the retry and practice hooks give it to the board. */
export interface PuzzlePosition extends Pick<BoardProps, 'placement' | 'orientation' | 'movable' | 'legalMoves' | 'checkSquare'> {
  /** The best move, drawn only once the puzzle is solved or revealed. */
  arrow?: BoardProps['bestMove'];
}

/**
 * The board of a mistake tried again (Retry your mistakes, issue #25; practice, issue #41): the
 * position with its legal moves from the server, the answer's arrow once known, and the illegal
 * move's sound. One component, so the two screens' boards cannot drift apart.
 */
export function PuzzleBoard({ position, onMove }: { position: PuzzlePosition; onMove: BoardProps['onMove'] }) {
  return (
    <Board
      placement={position.placement}
      orientation={position.orientation}
      movable={position.movable}
      legalMoves={position.legalMoves}
      checkSquare={position.checkSquare}
      bestMove={position.arrow}
      onMove={onMove}
      onIllegal={() => playSound('illegal')}
    />
  );
}
