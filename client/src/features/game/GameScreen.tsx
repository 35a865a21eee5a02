import { useEffect, useMemo, useRef, useState } from 'react';
import type { GameView } from '../../api/types';
import { describeError } from '../../api/apiError';
import { fullmoveFromFen, turnFromFen } from '../../chess/placement';
import { pairMoves } from '../../chess/moveList';
import { opposite } from '../../chess/types';
import { Board } from '../../components/Board';
import { MoveList } from '../../components/MoveList';
import { playSound } from '../../sound/play';
import { liveBoard, pastBoard, pendingBoard, placementsByPly } from './boardState';
import { copyText } from './copyText';
import { GameActions } from './GameActions';
import { GameOverPanel } from './GameOverPanel';
import { MoveNavigation } from './MoveNavigation';
import { PlayerStrip } from './PlayerStrip';
import { useGame } from './useGame';
import { useKeyboard } from './useKeyboard';

interface Props {
  id: string;
  /** The game as the server returned it on creation, so its first engine move can sound at once. */
  created?: GameView;
  onNewGame: () => void;
}

/** The game screen: board, name plates, moves, actions and the game-over panel. */
export function GameScreen({ id, created, onNewGame }: Props) {
  const game = useGame(id, created);
  const { view, pending, busy } = game;
  const [shownPly, setShownPly] = useState<number | null>(null);
  const [flipped, setFlipped] = useState(false);
  const [copied, setCopied] = useState(false);

  const announcedCreation = useRef(false);
  useEffect(() => {
    // Once, for the game just created: Stockfish's first move as white sounds after "Play".
    if (announcedCreation.current || created?.id !== id || created.ply === 0) return;
    announcedCreation.current = true;
    game.reportNewMoves(created, 0);
  }, [created, id, game]);

  useEffect(() => setShownPly(null), [view?.ply]);

  const placements = useMemo(() => (view ? placementsByPly(view) : []), [view]);
  const live = useMemo(() => (view ? liveBoard(view) : undefined), [view]);
  const reviewing = view !== null && shownPly !== null && shownPly < view.ply;
  const board = useMemo(() => {
    if (!view || !live) return undefined;
    if (pending) return pendingBoard(view, pending.move);
    if (reviewing && shownPly !== null) return pastBoard(view, placements, shownPly);
    return live;
  }, [view, live, pending, reviewing, shownPly, placements]);

  const step = (to: number) => {
    if (!view) return;
    const ply = Math.max(0, Math.min(view.ply, to));
    setShownPly(ply >= view.ply ? null : ply);
  };
  const currentPly = shownPly ?? view?.ply ?? 0;
  useKeyboard({
    back: () => step(currentPly - 1),
    forward: () => step(currentPly + 1),
    first: () => step(0),
    last: () => step(view?.ply ?? 0),
    flip: () => setFlipped((f) => !f),
  });

  if (game.loadError) {
    return (
      <div className="screen-message" role="alert" data-testid="load-error">
        <h1>{game.loadError.code === 'game_not_found' ? 'Game not found' : 'Cannot load the game'}</h1>
        <p>{describeError(game.loadError)}</p>
        <div className="actions">
          {game.loadError.code !== 'game_not_found' && (
            <button type="button" onClick={game.refresh}>
              Try again
            </button>
          )}
          <button type="button" className="primary" onClick={onNewGame}>
            New game
          </button>
        </div>
      </div>
    );
  }
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
  const thinking = busy === 'move';
  const playerTurn = ongoing && view.turn === player;
  const movable = playerTurn && !busy && !reviewing && game.hasToken ? player : null;
  const firstTurn = turnFromFen(view.initial_fen);
  const rows = pairMoves(
    view.moves.map((m) => m.san).concat(pending ? [pending.move.san] : []),
    firstTurn,
    fullmoveFromFen(view.initial_fen),
  );
  const playerMoves = view.ply >= (firstTurn === player ? 1 : 2);
  const engineStrip = (
    <PlayerStrip
      name="Stockfish"
      color={engine}
      detail={`level ${view.level}`}
      thinking={thinking}
      toMove={ongoing && (thinking || view.turn === engine)}
    />
  );
  const playerStrip = <PlayerStrip name="You" color={player} toMove={playerTurn && !thinking} />;

  return (
    <div className="game-screen" data-status={view.status} data-ply={view.ply} data-busy={busy ?? ''}>
      <div className="board-column">
        {orientation === player ? engineStrip : playerStrip}
        <Board
          placement={board.placement}
          orientation={orientation}
          movable={movable}
          legalMoves={view.legal_moves}
          lastMove={board.lastMove}
          checkSquare={board.checkSquare}
          onMove={(move) => void game.play(move)}
          onIllegal={() => playSound('illegal')}
        />
        {orientation === player ? playerStrip : engineStrip}
      </div>
      <aside className="side-panel">
        <p className="status-line" data-testid="status">
          {statusText(view, thinking, reviewing, game.hasToken)}
        </p>
        {!ongoing && <GameOverPanel view={view} onNewGame={onNewGame} />}
        {game.notice && (
          <div className="notice" role="alert" data-testid="notice">
            <span>{game.notice.message}</span>
            {game.notice.retry && (
              <button type="button" onClick={game.notice.retry}>
                Try again
              </button>
            )}
            <button type="button" className="icon-button" aria-label="Dismiss" onClick={game.dismissNotice}>
              ✕
            </button>
          </div>
        )}
        <MoveList rows={rows} shownPly={pending ? view.ply + 1 : currentPly} onSelect={(ply) => step(ply)} />
        <MoveNavigation ply={currentPly} lastPly={view.ply} onStep={step} />
        <GameActions
          view={view}
          canTakeBack={ongoing && playerMoves && !busy && game.hasToken}
          canResign={ongoing && !busy && game.hasToken}
          onTakeBack={game.takeBack}
          onResign={game.resign}
          onNewGame={onNewGame}
          onFlip={() => setFlipped((f) => !f)}
          onCopyFen={async () => {
            setCopied(await copyText(view.fen));
            window.setTimeout(() => setCopied(false), 1800);
          }}
        />
        {copied && <p className="copied" role="status">FEN copied to the clipboard.</p>}
      </aside>
      <div className="sr-only" aria-live="polite" data-testid="announcer">
        {game.announcement}
      </div>
    </div>
  );
}

function statusText(view: GameView, thinking: boolean, reviewing: boolean, hasToken: boolean): string {
  if (!hasToken) return 'You are watching this game: it was started in another browser.';
  if (view.status === 'finished') return 'Game over.';
  if (thinking) return 'Stockfish is thinking…';
  if (reviewing) return 'Looking at an earlier position. Press → or “Back to game” to return.';
  if (view.turn !== view.player_color) return 'Waiting for Stockfish…';
  return view.check ? 'Check! Your move.' : 'Your move.';
}
