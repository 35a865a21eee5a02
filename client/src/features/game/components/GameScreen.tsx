import './gameScreen.css';
import { lazy, Suspense } from 'react';
import { continueLink } from '../../../api/tokens';
import type { GameView } from '../../../api/types';
import { Board } from '../../../components/Board';
import { EvalBar } from '../../../components/EvalBar';
import { FileLabels } from '../../../components/FileLabels';
import { MoveList } from '../../../components/MoveList';
import { MoveStrip } from '../../../components/MoveStrip';
import { formatClock } from '../../../clock/clockTime';
import { playSound } from '../../../sound/play';
import { copyText } from '../../../components/copyText';
import { GameActions } from './GameActions';
import { GameOverPanel } from './GameOverPanel';
import { GameStatus } from './GameStatus';
import { scoreRows, searchedPosition } from '../model/gameFacts';
import { LoadError } from './LoadError';
import { MoveInput } from './MoveInput';
import { MoveNavigation } from './MoveNavigation';
import { NoticeBar } from './NoticeBar';
import { PlayActions } from './PlayActions';
import { PlayFromHere } from './PlayFromHere';
import { PlayerStrip } from './PlayerStrip';
import { JudgmentBadge } from '../review/components/JudgmentBadge';
import { KeyMoments } from '../review/components/KeyMoments';
import { MoveClassBadge } from '../review/components/MoveClassBadge';
import { RetryPanel } from '../review/components/RetryPanel';
import { keyMomentSides } from '../review/model/keyMoments';
import { useGameScreen } from '../hooks/useGameScreen';

/**
 * The review's panel (graph, accuracy, best moves) is only for a finished game: it comes in its own
 * chunk, so a game in play loads none of it (issue #26's page weight).
 */
const GameReview = lazy(() => import('../review/components/GameReview').then((module) => ({ default: module.GameReview })));

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

/** The game screen: board, evaluation bar, name plates, moves, actions and the game-over panel. */
export function GameScreen({ id, created, onNewGame, onCreated, onAnalyse }: Props) {
  const screen = useGameScreen(id, created, onCreated);
  const { game, token, actions, model, review, retry, hint, nextGame, settings, times, premoves, showEvaluation } = screen;
  const { view, pending } = game;
  const { busy } = actions;
  const { board, currentPly, step } = screen.position;

  if (game.loadError) return <LoadError error={game.loadError} onRetry={game.refresh} onNewGame={onNewGame} />;
  if (!view || !board || !model) {
    return (
      <div className="screen-message" aria-busy="true">
        <p>Loading the game…</p>
      </div>
    );
  }

  const { player, orientation, ongoing, live, spectator, names, material, movable, reviewShown, liveEvaluation } = model;
  const thinking = game.engineThinking;
  const { search } = game;
  const clockOf = (color: typeof player) => (times ? { ms: times[color], running: view.clock?.running === color } : undefined);
  const engineStrip = (
    <PlayerStrip
      name={model.enginePlate.name}
      color={model.enginePlate.color}
      detail={model.enginePlate.detail}
      thinking={thinking}
      search={search}
      showScore={showEvaluation}
      material={material[model.engine]}
      toMove={model.enginePlate.toMove}
      clock={clockOf(model.engine)}
    />
  );
  const playerStrip = (
    <PlayerStrip
      name={model.playerPlate.name}
      color={player}
      detail={model.playerPlate.detail}
      toMove={model.playerPlate.toMove}
      material={material[player]}
      clock={clockOf(player)}
    />
  );
  const opening = view.opening ?? null;
  // While a retry puzzle is open the board is the puzzle's, and nothing of the review that could
  // give the answer away is rendered: no best-move arrow, no evaluation bar, no review panel.
  const puzzle = retry.active ? retry.board : null;
  const keyMoments = review.analysis?.key_moments;
  const decorate = (ply: number) => {
    const judged = review.judged.get(ply);
    const analysed = review.byPly.get(ply);
    // After a timed game, each move shows the mover's time left, as lichess's analysis does.
    const clockMs = ongoing ? null : (view.moves[ply - 1]?.clock_ms ?? null);
    return (
      <>
        {judged && <JudgmentBadge judgment={judged.judgment} provisional={judged.provisional} />}
        <MoveClassBadge moveClass={analysed?.class} provisional={analysed?.provisional} />
        {clockMs !== null && <span className="move-clock">{formatClock(clockMs)}</span>}
      </>
    );
  };

  return (
    <div
      className="game-screen with-eval"
      data-status={view.status}
      data-ply={view.ply}
      data-busy={busy ?? ''}
      data-stream={game.streamState}
      data-thinking={thinking}
    >
      {(game.reconnecting || game.awaitingServer) && (
        <p className="connection-banner" role="status" data-testid="reconnecting">
          <span className="spinner" aria-hidden="true" /> Reconnecting to the server…
          {game.awaitingServer && (
            <span data-testid="move-kept"> Your move is kept: Stockfish&apos;s reply will come when the server is back.</span>
          )}
        </p>
      )}
      <div className="board-column">
        <MoveStrip rows={scoreRows(view, pending)} shownPly={pending ? view.ply + 1 : currentPly} onSelect={(ply) => step(ply)} />
        {orientation === player ? engineStrip : playerStrip}
        <div className="board-row">
          {reviewShown && !retry.active && (
            <EvalBar score={review.evaluation?.score} share={review.evaluation?.share} orientation={orientation} />
          )}
          {liveEvaluation && <EvalBar score={game.evaluation} orientation={orientation} />}
          {/* The bar's room is kept when it is hidden, so showing it never moves the board. */}
          {(!reviewShown || retry.active) && !liveEvaluation && <div className="eval-bar-slot" aria-hidden="true" />}
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
            <Board
              placement={board.placement}
              orientation={orientation}
              movable={retry.active ? null : movable}
              legalMoves={view.legal_moves}
              lastMove={board.lastMove}
              checkSquare={board.checkSquare}
              hint={model.hint ?? undefined}
              bestMove={retry.active ? undefined : review.arrow}
              onMove={(move) => void actions.play(move)}
              onIllegal={() => playSound('illegal')}
              premovable={model.premovable}
              premove={premoves.premove}
              onPremove={premoves.set}
              onCancelPremove={premoves.cancel}
            />
          )}
        </div>
        <FileLabels orientation={orientation} />
        {orientation === player ? playerStrip : engineStrip}
        {opening && !reviewShown && (
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
          offering={busy === 'draw'}
          training={settings.training}
          confirmResign={settings.confirmResign}
          onHint={() => void hint.request()}
          onTakeBack={actions.takeBack}
          onResign={actions.resign}
          onOfferDraw={actions.offerDraw}
          onAbort={actions.abort}
          onClaimDraw={actions.claimDraw}
        />
      )}
      <aside className="side-panel">
        <GameStatus
          text={model.statusText}
          search={search}
          searched={searchedPosition(view, pending)}
          hint={model.hint}
          showEvaluation={liveEvaluation && ongoing}
          evaluationLevel={view.level}
        />
        {model.showEvaluationToggle && (
          <label className="toggle">
            <input
              type="checkbox"
              checked={showEvaluation}
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
        {model.showReview && keyMoments && !retry.active && (
          <KeyMoments
            sides={keyMomentSides(keyMoments, review.line, names, player)}
            selectedPly={currentPly}
            onSelectPly={step}
            onRetry={token !== undefined ? retry.start : undefined}
          />
        )}
        {retry.active && <RetryPanel retry={retry} line={review.line} />}
        <MoveList
          rows={scoreRows(view, pending)}
          shownPly={pending ? view.ply + 1 : currentPly}
          onSelect={(ply) => step(ply)}
          decorate={decorate}
        />
        <MoveNavigation ply={currentPly} lastPly={view.ply} onStep={step} />
        {model.showPlayFromHere && !retry.active && (
          <PlayFromHere
            key={currentPly}
            view={view}
            ply={currentPly}
            onStart={(request) => void nextGame.start(request)}
            starting={nextGame.starting}
            error={ongoing ? nextGame.error : null}
            spectator={spectator}
          />
        )}
        {model.showReview && !retry.active && (
          <Suspense fallback={<p className="review-waiting">Loading the review…</p>}>
            <GameReview
              review={review}
              selectedPly={currentPly}
              onSelectPly={step}
              names={names}
              opening={opening}
              canAsk={token !== undefined}
            />
          </Suspense>
        )}
        <GameActions
          view={view}
          live={live}
          offerNewGame={ongoing}
          onNewGame={onNewGame}
          onFlip={screen.flip}
          onCopyFen={async () => screen.showCopied(await copyText(view.fen), 'FEN copied to the clipboard.')}
          onCopyLink={
            token === undefined || !live
              ? undefined
              : async () =>
                  screen.showCopied(
                    await copyText(continueLink(window.location.origin, id, token)),
                    'Link copied: open it on your other device to play on there. Anyone with the link can play your moves.',
                  )
          }
        />
        {screen.copied && (
          <p className="copied" role="status">
            {screen.copied}
          </p>
        )}
      </aside>
      <div className="sr-only" aria-live="polite" data-testid="announcer">
        {screen.announcement}
      </div>
    </div>
  );
}
