import './gameScreen.css';
import type { GameView } from '../../../api/types';
import { FileLabels } from '../../../components/FileLabels';
import { MoveStrip } from '../../../components/MoveStrip';
import { shownGame, useGameScreen } from '../hooks/useGameScreen';
import { scoreRows, searchedPosition } from '../model/gameFacts';
import { screenHeading } from '../model/screenHeading';
import { RetryPanel } from '../review/components/RetryPanel';
import { RetryPuzzle } from '../review/components/RetryPuzzle';
import { ConnectionBanner } from './ConnectionBanner';
import { GameBoard, GameEvalBar } from './GameBoard';
import { GameMoveList } from './GameMoveList';
import { GameOverPanel } from './GameOverPanel';
import { GamePlate } from './GamePlate';
import { GameStatus } from './GameStatus';
import { GameTools } from './GameTools';
import { LoadError } from './LoadError';
import { MoveInput } from './MoveInput';
import { NoticeBar } from './NoticeBar';
import { PlayActions } from './PlayActions';
import { RatedBadge } from './RatedBadge';
import { VariantBadge } from './VariantBadge';
import { KeyMomentsSide, ReviewSide } from './ReviewSide';

interface Props {
  id: string;
  /** The game as the server returned it on creation, so its first engine move can sound at once. */
  created?: GameView;
  onNewGame: () => void;
  /** Opens a game just created from this screen (rematch, next level). */
  onCreated: (game: GameView) => void;
  /** Opens the finished game on the analysis board, at the ply shown. */
  onAnalyse: (id: string, ply: number) => void;
}

/**
 * The game screen: board, evaluation bar, name plates, moves, actions and the game-over panel, laid
 * out from `useGameScreen`'s state. While a retry puzzle is open (`retry.active`), the puzzle takes
 * the board's place and its panel the review's: nothing that could give the answer away is rendered.
 */
export function GameScreen({ id, created, onNewGame, onCreated, onAnalyse }: Props) {
  const screen = useGameScreen(id, created, onCreated);
  const { game, actions, retry, hint, nextGame, settings } = screen;
  const shown = shownGame(screen);

  if (game.loadError) return <LoadError error={game.loadError} onRetry={game.refresh} onNewGame={onNewGame} />;
  if (!shown) {
    return (
      <div className="screen-message" aria-busy="true">
        <h1 className="sr-only">Game</h1>
        <p>Loading the game…</p>
      </div>
    );
  }
  const { view, model } = shown;
  const { pending } = game;
  const { currentPly, step } = screen.position;
  const opening = view.opening ?? null;

  return (
    <div
      className={`game-screen with-eval${model.showReview && !retry.active ? ' reviewing' : ''}`}
      data-status={view.status}
      data-ply={view.ply}
      data-busy={actions.busy ?? ''}
      data-stream={game.streamState}
      data-thinking={game.engineThinking}
    >
      <h1 className="sr-only">{screenHeading(model)}</h1>
      <ConnectionBanner reconnecting={game.reconnecting} awaitingServer={game.awaitingServer} />
      <div className="board-column">
        <MoveStrip rows={scoreRows(view, pending)} shownPly={pending ? view.ply + 1 : currentPly} onSelect={(ply) => step(ply)} />
        <GamePlate shown={shown} at="top" />
        <div className="board-row">
          {retry.active ? (
            <RetryPuzzle retry={retry} waiting={<GameBoard shown={shown} locked />} />
          ) : (
            <>
              <GameEvalBar shown={shown} />
              <GameBoard shown={shown} />
            </>
          )}
        </div>
        <FileLabels orientation={model.orientation} />
        <GamePlate shown={shown} at="bottom" />
        {opening && !model.reviewShown && (
          <p className="opening-line" data-testid="opening-line">
            <span className="opening-eco">{opening.eco}</span> {opening.name}
          </p>
        )}
        {model.moveInput && <MoveInput enabled={model.moveInput.enabled} legalMoves={view.legal_moves} onSubmit={actions.playNotation} />}
      </div>
      {model.showPlayActions && (
        <PlayActions
          allowed={model.actions}
          hintLoading={hint.loading}
          offering={actions.busy === 'draw'}
          training={settings.training}
          confirmResign={settings.confirmResign}
          rated={view.rated}
          onHint={() => void hint.request()}
          onTakeBack={actions.takeBack}
          onResign={actions.resign}
          onOfferDraw={actions.offerDraw}
          onAbort={actions.abort}
          onClaimDraw={actions.claimDraw}
        />
      )}
      <aside className="side-panel">
        {!view.players && <RatedBadge rated={view.rated} />}
        <VariantBadge view={view} />
        <GameStatus
          text={model.statusText}
          search={game.search}
          searched={searchedPosition(view, pending)}
          hint={model.hint}
          showEvaluation={model.liveEvaluation && model.ongoing}
          evaluationLevel={view.level}
        />
        {model.showEvaluationToggle && (
          <label className="toggle">
            <input
              type="checkbox"
              checked={screen.showEvaluation}
              onChange={(event) => screen.setShowEvaluation(event.target.checked)}
              data-testid="show-eval"
            />
            Show evaluation
          </label>
        )}
        {model.gameOver && (
          <GameOverPanel
            view={view}
            spectator={model.gameOver.spectator}
            onNewGame={onNewGame}
            onStart={(request) => void nextGame.start(request)}
            starting={nextGame.starting}
            startError={nextGame.error}
            onAnalyse={() => onAnalyse(id, currentPly)}
          />
        )}
        {actions.notice && <NoticeBar notice={actions.notice} onDismiss={actions.dismissNotice} />}
        {retry.active ? <RetryPanel retry={retry} line={screen.review.line} /> : <KeyMomentsSide shown={shown} />}
        <GameMoveList shown={shown} />
        {!retry.active && <ReviewSide shown={shown} />}
        <GameTools shown={shown} onNewGame={onNewGame} />
      </aside>
      <div className="sr-only" aria-live="polite" data-testid="announcer">
        {screen.announcement}
      </div>
    </div>
  );
}
