import { useState } from 'react';
import { pgnUrl } from '../../../api/games';
import type { GameView, NewGameRequest } from '../../../api/types';
import { colorName, describeEnd, playerOutcome } from '../../../chess/describe';
import { isStandardStart } from '../../../chess/startPosition';
import { opposite } from '../../../chess/types';
import { RatingLine } from '../../../levels/RatingLine';
import { usePlayerRating } from '../../../levels/usePlayerRating';
import { nextLevelRequest, rematchRequest } from '../model/nextGame';

interface Props {
  view: GameView;
  /** Watching without the token: the headline names the winner by colour, and no rematch is offered. */
  spectator: boolean;
  onNewGame: () => void;
  /** Starts the next game (rematch, next level); `starting` while the server creates it. */
  onStart: (request: NewGameRequest) => void;
  starting: boolean;
  /** Why the next game could not be started, if it could not. */
  startError: string | null;
  /** Opens the finished game on the analysis board. */
  onAnalyse: () => void;
}

/** Why an aborted game has no result: it ended before each side made two moves (as on lichess), so it is neither rated nor reviewed. */
function abortedReason(view: GameView): string {
  const when = view.ply === 0 ? 'before the first move' : 'before each side made two moves';
  return `No result: the game ended ${when}, so it is not rated and has no review.`;
}

/** Shown when the game is over: who won and why (or that it was aborted), and the ways on (rematch, next level, new game). */
export function GameOverPanel({ view, spectator, onNewGame, onStart, starting, startError, onAnalyse }: Props) {
  const [swapColors, setSwapColors] = useState(true);
  const winner = view.winner ?? null;
  const aborted = view.status === 'aborted';
  const end = aborted
    ? { headline: 'Game aborted', reason: abortedReason(view) }
    : describeEnd(winner, view.player_color, view.reason ?? null, spectator);
  const tone = spectator || aborted ? 'neutral' : playerOutcome(winner, view.player_color);
  // Exactly one next step (issue #40): from the standard start, the rating's suggestion; from a
  // set-up position (unrated, where the rating says nothing of it), the next level from there.
  const fromStart = isStandardStart(view.initial_fen) && !view.players;
  const next = tone === 'win' && !fromStart ? nextLevelRequest(view, swapColors) : null;
  const rating = usePlayerRating(view, spectator);
  const suggested = fromStart && !aborted ? rating : null;
  return (
    <section className={`game-over ${tone}`} data-testid="game-over" aria-labelledby="game-over-title">
      {!aborted && <p className="game-over-result">{view.result}</p>}
      <h2 id="game-over-title">{end.headline}</h2>
      <p className="game-over-reason" data-testid="game-over-reason">
        {end.reason}
      </p>
      {!spectator && (
        <div className="rematch">
          <label className="rematch-swap">
            <input
              type="checkbox"
              checked={swapColors}
              onChange={(event) => setSwapColors(event.target.checked)}
              data-testid="swap-colors"
            />
            Swap colours (play {colorName(swapColors ? opposite(view.player_color) : view.player_color).toLowerCase()})
          </label>
          <div className="game-over-actions">
            <button
              type="button"
              className={next || suggested ? undefined : 'primary'}
              disabled={starting}
              data-testid="rematch"
              onClick={() => onStart(rematchRequest(view, swapColors))}
            >
              Rematch
            </button>
            {next && (
              <button type="button" className="primary" disabled={starting} data-testid="next-level" onClick={() => onStart(next)}>
                Next level ({next.level})
              </button>
            )}
          </div>
        </div>
      )}
      {startError && (
        <p className="notice" role="alert">
          {startError}
        </p>
      )}
      <div className="game-over-actions">
        <button type="button" className={spectator ? 'primary' : undefined} onClick={onNewGame}>
          New game
        </button>
        <a className="button" href={pgnUrl(view.id)} download={`alphachess-${view.id}.pgn`}>
          Download PGN
        </a>
        {!aborted && (
          <button type="button" onClick={onAnalyse} data-testid="analyse-game">
            Analyse
          </button>
        )}
      </div>
      {!spectator && !aborted && <RatingLine answer={rating} />}
      {!spectator && suggested && (
        <div className="game-over-actions">
          <button
            type="button"
            className="primary"
            disabled={starting}
            data-testid="play-suggested"
            onClick={() => onStart({ color: view.player_color, level: suggested.next.level })}
          >
            Play the suggested level ({suggested.next.level})
          </button>
        </div>
      )}
    </section>
  );
}
