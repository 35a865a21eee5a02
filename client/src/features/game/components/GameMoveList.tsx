import { formatClock } from '../../../clock/clockTime';
import { MoveList } from '../../../components/MoveList';
import type { ShownGame } from '../hooks/useGameScreen';
import { scoreRows } from '../model/gameFacts';
import { JudgmentBadge } from '../review/components/JudgmentBadge';
import { MoveClassBadge } from '../review/components/MoveClassBadge';
import { MoveNavigation } from './MoveNavigation';

/**
 * The score sheet beside the board, with the player's move in flight written down, each move's
 * one badge once reviewed (its class, whose `?!`/`?`/`??` is the judgment: issue #38; the bare
 * judgment only from a server without classes), and after a timed game the mover's time left (as lichess's
 * analysis shows it); then the buttons that step through it.
 */
export function GameMoveList({ shown }: { shown: ShownGame }) {
  const { screen, view, model } = shown;
  const { review } = screen;
  const { pending } = screen.game;
  const { currentPly, step } = screen.position;
  const decorate = (ply: number) => {
    const judged = review.judged.get(ply);
    const analysed = review.byPly.get(ply);
    const clockMs = model.ongoing ? null : (view.moves[ply - 1]?.clock_ms ?? null);
    return (
      <>
        {analysed?.class ? (
          <MoveClassBadge moveClass={analysed.class} provisional={analysed.provisional} />
        ) : (
          judged && <JudgmentBadge judgment={judged.judgment} provisional={judged.provisional} />
        )}
        {clockMs !== null && <span className="move-clock">{formatClock(clockMs)}</span>}
      </>
    );
  };
  return (
    <>
      <MoveList
        rows={scoreRows(view, pending)}
        shownPly={pending ? view.ply + 1 : currentPly}
        onSelect={(ply) => step(ply)}
        decorate={decorate}
      />
      <MoveNavigation ply={currentPly} lastPly={view.ply} onStep={step} />
    </>
  );
}
