import type { AnalysedPly } from '../../../../api/analysisTypes';
import { bestMoveText } from '../model/bestMove';
import type { GameLine } from '../model/gameLine';
import { JudgmentBadge } from './JudgmentBadge';
import { MoveClassBadge } from './MoveClassBadge';

interface Props {
  /** The plies analysed so far (the one before the selected ply gives the best move's score). */
  plies: readonly AnalysedPly[];
  /** The selected ply; 0, the starting position, shows nothing. */
  ply: number;
  line: GameLine;
}

/**
 * What Stockfish says about the selected move: its score, its one badge (the class, issue #38), the move it would
 * have played and its line, and the server's checked sentence on why the move is bad when it has one. The arrow for that move is the caller's to draw (`bestMoveArrow`). A ply
 * from the quick pass says that all of it is provisional.
 */
export function BestMoveInfo({ plies, ply, line }: Props) {
  if (ply < 1) return null;
  const analysed = plies.find((p) => p.ply === ply);
  if (!analysed) {
    return (
      <section className="best-move" data-testid="best-move" data-ply={ply}>
        <p className="best-move-pending">Not analysed yet.</p>
      </section>
    );
  }
  const text = bestMoveText(plies, analysed, line);
  return (
    <section
      className={`best-move${text.provisional ? ' provisional' : ''}`}
      data-testid="best-move"
      data-ply={ply}
      data-provisional={text.provisional || undefined}
      aria-live="polite"
    >
      <p className="best-move-played">
        <strong>{text.played}</strong>
        {analysed.class ? (
          <MoveClassBadge moveClass={analysed.class} provisional={analysed.provisional} />
        ) : (
          text.judgment && <JudgmentBadge judgment={text.judgment} provisional={text.provisional} />
        )}
        <span className="best-move-eval">{text.eval}</span>
        {text.verdict && <span className={`best-move-verdict ${text.judgment}`}>{text.verdict}</span>}
      </p>
      {text.best && <p className="best-move-best">{text.best}</p>}
      {text.line && <p className="best-move-line">{text.line}</p>}
      {analysed.explanation && (
        <p className="best-move-explanation" data-testid="explanation" data-kind={analysed.explanation.kind}>
          {analysed.explanation.sentence}
        </p>
      )}
      {text.provisional && <p className="best-move-provisional">Provisional: Stockfish is still refining this move.</p>}
    </section>
  );
}
