import { pgnUrl } from '../../api/games';
import type { GameView } from '../../api/types';
import { describeOutcome, describeReason, playerOutcome } from '../../chess/describe';

interface Props {
  view: GameView;
  /** Watching without the token: the headline names the winner by colour. */
  spectator: boolean;
  onNewGame: () => void;
}

/** Shown when the game is finished: who won, why, and the ways on. */
export function GameOverPanel({ view, spectator, onNewGame }: Props) {
  const winner = view.winner ?? null;
  const outcome = describeOutcome(winner, view.player_color, view.reason ?? null, spectator);
  const tone = spectator ? 'neutral' : playerOutcome(winner, view.player_color);
  return (
    <section className={`game-over ${tone}`} data-testid="game-over" aria-labelledby="game-over-title">
      <p className="game-over-result">{view.result}</p>
      <h2 id="game-over-title">{outcome}</h2>
      <p className="game-over-reason" data-testid="game-over-reason">
        {describeReason(view.reason ?? null)}
      </p>
      <div className="game-over-actions">
        <button type="button" className="primary" onClick={onNewGame}>
          New game
        </button>
        <a className="button" href={pgnUrl(view.id)} download={`alphachess-${view.id}.pgn`}>
          Download PGN
        </a>
      </div>
    </section>
  );
}
