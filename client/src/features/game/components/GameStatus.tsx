import type { Hint, Thinking } from '../../../api/types';
import { lineText } from '../../../chess/moveList';
import type { Color } from '../../../chess/types';
import { MAX_LEVEL } from '../../../levels/levels';

/** How many moves of Stockfish's expected line to show while it thinks. */
const PV_MOVES = 6;

interface Props {
  /** The sentence about whose turn it is (see `statusText`). */
  text: string;
  /** The search under way, if the server streams it. */
  search: Thinking | null;
  /** Side to move and move number where the search starts, to number its line. */
  searched: { turn: Color; fullmove: number };
  hint: Hint | null;
  /** The player's "Show evaluation": Stockfish's line shows only then. */
  showEvaluation: boolean;
  /** The level whose search the evaluation comes from, said when the evaluation shows. */
  evaluationLevel?: number;
}

/**
 * The lines above the move list: the status, where the evaluation comes from and Stockfish's expected
 * line while it thinks (when the player shows the evaluation), the hint.
 */
export function GameStatus({ text, search, searched, hint, showEvaluation, evaluationLevel }: Props) {
  return (
    <>
      <p className="status-line" data-testid="status">
        {text}
      </p>
      {showEvaluation && evaluationLevel !== undefined && (
        <p className="eval-source" data-testid="eval-source">
          {evaluationLevel >= MAX_LEVEL
            ? 'Evaluation from Stockfish’s full-strength search.'
            : `Evaluation from Stockfish’s level ${evaluationLevel} search, a shallow one: a rough guide.`}
        </p>
      )}
      {showEvaluation && search?.kind === 'engine' && search.pv.length > 0 && (
        <p className="search-line" data-testid="search-pv" title="The line Stockfish expects">
          {lineText(search.pv.slice(0, PV_MOVES), searched.turn, searched.fullmove)}
        </p>
      )}
      {hint && (
        <p className="hint-line" data-testid="hint">
          Hint: <strong>{hint.san}</strong>
        </p>
      )}
    </>
  );
}
