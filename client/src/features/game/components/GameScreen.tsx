import './gameScreen.css';
import { useEffect, useRef, useState } from 'react';
import { playerNames } from '../../../api/players';
import { continueLink, loadToken, rememberLastGame } from '../../../api/tokens';
import type { GameView } from '../../../api/types';
import { materialBalance } from '../../../chess/material';
import { opposite } from '../../../chess/types';
import { Board } from '../../../components/Board';
import { EvalBar } from '../../../components/EvalBar';
import { FileLabels } from '../../../components/FileLabels';
import { MoveList } from '../../../components/MoveList';
import { MoveStrip } from '../../../components/MoveStrip';
import { formatClock } from '../../../clock/clockTime';
import { useSettings } from '../../../settings/useSettings';
import { playSound } from '../../../sound/play';
import { copyText } from '../hooks/copyText';
import { GameActions } from './GameActions';
import { GameOverPanel } from './GameOverPanel';
import { GameStatus } from './GameStatus';
import { availableActions, isTouchScreen, scoreRows, searchedPosition, sideNames, statusText, tabTitle } from '../model/gameFacts';
import { LoadError } from './LoadError';
import { MoveInput } from './MoveInput';
import { MoveNavigation } from './MoveNavigation';
import { NoticeBar } from './NoticeBar';
import { PlayActions } from './PlayActions';
import { PlayFromHere } from './PlayFromHere';
import { PlayerStrip } from './PlayerStrip';
import { GameReview } from '../review/components/GameReview';
import { JudgmentBadge } from '../review/components/JudgmentBadge';
import { useGameReview } from '../review/hooks/useGameReview';
import { useGameActions } from '../hooks/useGameActions';
import { useCopied } from '../hooks/useCopied';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useGameClock } from '../hooks/useGameClock';
import { useGameView } from '../hooks/useGameView';
import { useHint } from '../hooks/useHint';
import { useKeyboard } from '../hooks/useKeyboard';
import { useMoveReports } from '../hooks/useMoveReports';
import { useNextGame } from '../hooks/useNextGame';
import { usePremove } from '../hooks/usePremove';
import { useReview } from '../hooks/useReview';
import { useShowEvaluation } from '../hooks/useShowEvaluation';

interface Props {
  id: string;
  /** The game as the server returned it on creation, so its first engine move can sound at once. */
  created?: GameView;
  onNewGame: () => void;
  /** Opens a game just created from this screen (rematch, next level). */
  onCreated: (game: GameView) => void;
}

/** The game screen: board, evaluation bar, name plates, moves, actions and the game-over panel. */
export function GameScreen({ id, created, onNewGame, onCreated }: Props) {
  const reports = useMoveReports();
  const game = useGameView(id, created, reports);
  /** The game's secret, if this browser started the game. */
  const token = loadToken(id);
  const hasToken = token !== undefined;
  const actions = useGameActions(id, token, game, reports);
  const { view, pending } = game;
  const { busy } = actions;
  const { board, reviewing, currentPly, step } = useReview(view, pending);
  const [flipped, setFlipped] = useState(false);
  const [copied, showCopied] = useCopied();
  const hint = useHint(id, token, view?.ply, actions.reportError);
  const review = useGameReview(id, token, view, currentPly, game.streamState === 'open');
  const nextGame = useNextGame(onCreated);
  const [showEvaluation, setShowEvaluation] = useShowEvaluation();
  const settings = useSettings();
  useDocumentTitle(view ? tabTitle(view, game.engineThinking, !hasToken) : null);
  const live = hasToken && view?.status === 'ongoing';
  const times = useGameClock(view, live, game.refresh);
  const playerReady = live && view.turn === view.player_color && !game.engineThinking && busy === null && !reviewing;
  const premoves = usePremove(view, live && settings.premoves, playerReady, (move) => void actions.play(move));
  useEffect(() => {
    // The start screen offers to resume the game this browser played last, while it is going on.
    if (live) rememberLastGame(id);
  }, [id, live]);

  const { movesAdded } = reports;
  const announcedCreation = useRef(false);
  useEffect(() => {
    // Once, for the game just created: Stockfish's first move as white sounds after "Play".
    if (announcedCreation.current || created?.id !== id || created.ply === 0) return;
    announcedCreation.current = true;
    movesAdded(created, 0);
  }, [created, id, movesAdded]);

  useKeyboard({
    back: () => step(currentPly - 1),
    forward: () => step(currentPly + 1),
    first: () => step(0),
    last: () => step(view?.ply ?? 0),
    flip: () => setFlipped((f) => !f),
  });

  if (game.loadError) return <LoadError error={game.loadError} onRetry={game.refresh} onNewGame={onNewGame} />;
  if (!view || !board) {
    return (
      <div className="screen-message" aria-busy="true">
        <p>Loading the game…</p>
      </div>
    );
  }

  const player = view.player_color;
  const engine = opposite(player);
  const orientation = flipped ? engine : player;
  const ongoing = view.status === 'ongoing';
  const thinking = game.engineThinking;
  const { search } = game;
  const playerTurn = ongoing && view.turn === player;
  const movable = playerTurn && !busy && !reviewing && hasToken ? player : null;
  /** While Stockfish thinks (or our move is in flight), the player may queue one premove. */
  const premovable =
    live && settings.premoves && movable === null && !reviewing && (thinking || !playerTurn || busy === 'move') ? player : null;
  const clockOf = (color: typeof player) => (times ? { ms: times[color], running: view.clock?.running === color } : undefined);
  const shownHint = hint.hint && !reviewing && !pending && !settings.training ? hint.hint : null;
  const allowed = availableActions(view, { hasToken, busy: busy !== null, engineThinking: thinking, reviewing });
  const spectator = !hasToken;
  /** A finished PGN, as the server says: its own players, told by colour like a spectator's view. */
  const imported = view.players ? playerNames(view.players) : undefined;
  const names = imported ?? sideNames(player, spectator);
  const material = materialBalance(board.placement);
  const engineStrip = (
    <PlayerStrip
      name={names[engine]}
      color={engine}
      detail={
        imported
          ? undefined
          : spectator
            ? `Stockfish, level ${view.level} (${view.step.rating})`
            : `level ${view.level} (${view.step.rating})`
      }
      thinking={thinking}
      search={search}
      showScore={showEvaluation}
      material={material[engine]}
      toMove={ongoing && (thinking || view.turn === engine)}
      clock={clockOf(engine)}
    />
  );
  const playerStrip = (
    <PlayerStrip
      name={names[player]}
      color={player}
      detail={spectator && !imported ? 'player' : undefined}
      toMove={playerTurn && !thinking}
      material={material[player]}
      clock={clockOf(player)}
    />
  );
  const opening = view.opening ?? null;
  const reviewShown = !ongoing && review.analysis !== null;
  /** The live evaluation: only on a server that streams it, and only if the player asks for it. */
  const liveEvaluation = !reviewShown && game.streaming && showEvaluation;
  const decorate = (ply: number) => {
    const judged = review.judged.get(ply);
    // After a timed game, each move shows the mover's time left, as lichess's analysis does.
    const clockMs = ongoing ? null : (view.moves[ply - 1]?.clock_ms ?? null);
    return (
      <>
        {judged && <JudgmentBadge judgment={judged.judgment} provisional={judged.provisional} />}
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
          {reviewShown && <EvalBar score={review.evaluation?.score} share={review.evaluation?.share} orientation={orientation} />}
          {liveEvaluation && <EvalBar score={game.evaluation} orientation={orientation} />}
          {/* The bar's room is kept when it is hidden, so showing it never moves the board. */}
          {!reviewShown && !liveEvaluation && <div className="eval-bar-slot" aria-hidden="true" />}
          <Board
            placement={board.placement}
            orientation={orientation}
            movable={movable}
            legalMoves={view.legal_moves}
            lastMove={board.lastMove}
            checkSquare={board.checkSquare}
            hint={shownHint ?? undefined}
            bestMove={review.arrow}
            onMove={(move) => void actions.play(move)}
            onIllegal={() => playSound('illegal')}
            premovable={premovable}
            premove={premoves.premove}
            onPremove={premoves.set}
            onCancelPremove={premoves.cancel}
          />
        </div>
        <FileLabels orientation={orientation} />
        {orientation === player ? playerStrip : engineStrip}
        {opening && !reviewShown && (
          <p className="opening-line" data-testid="opening-line">
            <span className="opening-eco">{opening.eco}</span> {opening.name}
          </p>
        )}
        {live && <MoveInput enabled={movable !== null} legalMoves={view.legal_moves} onSubmit={actions.playNotation} />}
      </div>
      {ongoing && !spectator && (
        <PlayActions
          allowed={allowed}
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
          text={statusText(view, thinking, reviewing, hasToken, isTouchScreen())}
          search={search}
          searched={searchedPosition(view, pending)}
          hint={shownHint}
          showEvaluation={liveEvaluation && ongoing}
          evaluationLevel={view.level}
        />
        {ongoing && game.streaming && (
          <label className="toggle">
            <input
              type="checkbox"
              checked={showEvaluation}
              onChange={(event) => setShowEvaluation(event.target.checked)}
              data-testid="show-eval"
            />
            Show evaluation
          </label>
        )}
        {!ongoing && (
          <GameOverPanel
            view={view}
            spectator={spectator || imported !== undefined}
            onNewGame={onNewGame}
            onStart={(request) => void nextGame.start(request)}
            starting={nextGame.starting}
            startError={nextGame.error}
          />
        )}
        {actions.notice && <NoticeBar notice={actions.notice} onDismiss={actions.dismissNotice} />}
        <MoveList
          rows={scoreRows(view, pending)}
          shownPly={pending ? view.ply + 1 : currentPly}
          onSelect={(ply) => step(ply)}
          decorate={decorate}
        />
        <MoveNavigation ply={currentPly} lastPly={view.ply} onStep={step} />
        {(!ongoing || reviewing) && (
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
        {!ongoing && (
          <GameReview review={review} selectedPly={currentPly} onSelectPly={step} names={names} opening={opening} canAsk={hasToken} />
        )}
        <GameActions
          view={view}
          live={live}
          offerNewGame={ongoing}
          onNewGame={onNewGame}
          onFlip={() => setFlipped((f) => !f)}
          onCopyFen={async () => showCopied(await copyText(view.fen), 'FEN copied to the clipboard.')}
          onCopyLink={
            token === undefined || !live
              ? undefined
              : async () =>
                  showCopied(
                    await copyText(continueLink(window.location.origin, id, token)),
                    'Link copied: open it on your other device to play on there. Anyone with the link can play your moves.',
                  )
          }
        />
        {copied && (
          <p className="copied" role="status">
            {copied}
          </p>
        )}
      </aside>
      <div className="sr-only" aria-live="polite" data-testid="announcer">
        {reports.announcement}
      </div>
    </div>
  );
}
