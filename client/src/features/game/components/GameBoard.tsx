import { Board } from '../../../components/Board';
import { EvalBar } from '../../../components/EvalBar';
import { playSound } from '../../../sound/play';
import type { ShownGame } from '../hooks/useGameScreen';

/**
 * The game's board: the position shown, the player's moves and premoves, the hint and the review's
 * best-move arrow. `locked` (while a retry puzzle loads in its place): nothing moves, no arrow.
 */
export function GameBoard({ shown, locked = false }: { shown: ShownGame; locked?: boolean }) {
  const { screen, view, board, model } = shown;
  const { premoves, actions } = screen;
  return (
    <Board
      placement={board.placement}
      orientation={model.orientation}
      movable={locked ? null : model.movable}
      legalMoves={view.legal_moves}
      lastMove={board.lastMove}
      checkSquare={board.checkSquare}
      hint={model.hint ?? undefined}
      bestMove={locked ? undefined : screen.review.arrow}
      onMove={(move) => void actions.play(move)}
      onIllegal={() => playSound('illegal')}
      premovable={model.premovable}
      premove={premoves.premove}
      onPremove={premoves.set}
      onCancelPremove={premoves.cancel}
    />
  );
}

/**
 * The evaluation bar beside the board: the review's after the game, the live one the player asked
 * for during it, else its empty room (kept, so showing the bar never moves the board).
 */
export function GameEvalBar({ shown }: { shown: ShownGame }) {
  const { screen, model } = shown;
  const { evaluation } = screen.review;
  if (model.reviewShown) return <EvalBar score={evaluation?.score} share={evaluation?.share} orientation={model.orientation} />;
  if (model.liveEvaluation) return <EvalBar score={screen.game.evaluation} orientation={model.orientation} />;
  return <div className="eval-bar-slot" aria-hidden="true" />;
}
