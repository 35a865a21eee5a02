import { lazy, Suspense } from 'react';
import type { ShownGame } from '../hooks/useGameScreen';
import { KeyMoments } from '../review/components/KeyMoments';
import { keyMomentSides } from '../review/model/keyMoments';
import { PlayFromHere } from './PlayFromHere';

/**
 * The review's panel (graph, accuracy, best moves) is only for a finished game: it comes in its own
 * chunk, so a game in play loads none of it (the page weight, issues #26 and #39).
 */
const GameReview = lazy(() => import('../review/components/GameReview').then((module) => ({ default: module.GameReview })));

/** Above the moves, once a finished game is analysed: its key moments, with "Retry" for the player's own game. */
export function KeyMomentsSide({ shown }: { shown: ShownGame }) {
  const { screen, model } = shown;
  const { review, token, retry } = screen;
  const keyMoments = review.analysis?.key_moments;
  if (!model.showReview || !keyMoments) return null;
  return (
    <KeyMoments
      sides={keyMomentSides(keyMoments, review.line, model.names, model.player)}
      selectedPly={screen.position.currentPly}
      onSelectPly={screen.position.step}
      onRetry={token !== undefined ? retry.start : undefined}
    />
  );
}

/** Below the moves: "Play from here" (an earlier position, or after the game) and the review panel. */
export function ReviewSide({ shown }: { shown: ShownGame }) {
  const { screen, view, model } = shown;
  const { nextGame, review, token } = screen;
  const { currentPly, step } = screen.position;
  return (
    <>
      {model.showPlayFromHere && (
        <PlayFromHere
          key={currentPly}
          view={view}
          ply={currentPly}
          onStart={(request) => void nextGame.start(request)}
          starting={nextGame.starting}
          error={model.ongoing ? nextGame.error : null}
          spectator={model.spectator}
        />
      )}
      {model.showReview && (
        <Suspense fallback={<p className="review-waiting">Loading the review…</p>}>
          <GameReview
            review={review}
            selectedPly={currentPly}
            onSelectPly={step}
            names={model.names}
            opening={view.opening ?? null}
            canAsk={token !== undefined}
          />
        </Suspense>
      )}
    </>
  );
}
