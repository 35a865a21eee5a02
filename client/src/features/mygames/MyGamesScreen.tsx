import './myGames.css';
import { playerNames } from '../../api/players';
import { timeControlLabel } from '../../clock/timeControl';
import { colorName } from '../../chess/describe';
import { movesText } from '../../chess/moveCount';
import { BoardThumbnail } from '../../components/BoardThumbnail';
import { KeyForm } from './KeyForm';
import { createdText, summaryOutcome } from './summaryText';
import { type MyGameRow, useMyGames } from './useMyGames';

interface Props {
  /** Opens a game: to resume it (ongoing) or review it (over). */
  onOpen: (id: string) => void;
  onNewGame: () => void;
}

/** One game of the list: its position, how it stands, when and how it was played, and what can be done with it. */
function GameRow({ row, onOpen, onRemove }: { row: MyGameRow; onOpen: () => void; onRemove: () => void }) {
  const { game, summary } = row;
  if (!summary) {
    return (
      <li className="my-game gone" data-testid="my-game" data-id={game.id}>
        <div className="my-game-facts">
          <strong>This game is no longer on the server.</strong>
          <span className="my-game-date">{createdText(game.createdAt)}</span>
        </div>
        <div className="my-game-actions">
          <button type="button" onClick={onRemove} data-testid="remove-game" aria-label="Remove this game from the list">
            Remove
          </button>
        </div>
      </li>
    );
  }
  const clock = summary.clock
    ? timeControlLabel({ limit_secs: summary.clock.limit_ms / 1000, increment_secs: summary.clock.increment_ms / 1000 })
    : game.timeControl
      ? timeControlLabel(game.timeControl)
      : 'untimed';
  const ongoing = summary.status === 'ongoing';
  const imported = summary.players ? playerNames(summary.players) : undefined;
  return (
    <li className="my-game" data-testid="my-game" data-id={game.id} data-status={summary.status}>
      <BoardThumbnail
        fen={summary.fen}
        orientation={summary.player_color}
        label={`The game's position${summary.last_move_san ? ` after ${summary.last_move_san}` : ''}`}
      />
      <div className="my-game-facts">
        <strong className="my-game-outcome" data-testid="my-game-outcome">
          {summaryOutcome(summary)}
        </strong>
        <span>
          {imported
            ? `Imported game: ${imported.white} – ${imported.black}`
            : `Stockfish level ${summary.level} · you played ${colorName(summary.player_color).toLowerCase()} · ${clock}`}{' '}
          · {movesText(summary.ply)}
        </span>
        {summary.opening && (
          <span className="my-game-opening">
            <span className="opening-eco">{summary.opening.eco}</span> {summary.opening.name}
          </span>
        )}
        <span className="my-game-date">{createdText(game.createdAt)}</span>
      </div>
      <div className="my-game-actions">
        <button type="button" className="primary" onClick={onOpen} data-testid="open-game">
          {ongoing ? 'Resume' : 'Review'}
        </button>
        <button
          type="button"
          onClick={onRemove}
          data-testid="remove-game"
          aria-label="Remove this game from the list (this browser forgets it)"
        >
          Remove
        </button>
      </div>
    </li>
  );
}

/** "My games": every game this browser created, newest first, to resume, review or forget. */
export function MyGamesScreen({ onOpen, onNewGame }: Props) {
  const { list, remove, removed, undo, dismissUndo, reload, retry } = useMyGames();
  return (
    <div className="my-games-screen">
      <section className="my-games" aria-labelledby="my-games-title">
        <div className="my-games-header">
          <h1 id="my-games-title">My games</h1>
          <button type="button" className="primary" onClick={onNewGame}>
            New game
          </button>
        </div>
        {removed && (
          <div className="notice undo-bar" role="status" data-testid="undo-remove">
            <span>
              {removed.ongoing ? 'Game removed: this browser can no longer play it unless you undo.' : 'Game removed from the list.'}
            </span>
            <button type="button" className="primary" onClick={undo} data-testid="undo">
              Undo
            </button>
            <button type="button" onClick={dismissUndo} aria-label="Dismiss">
              OK
            </button>
          </div>
        )}
        {list.state === 'loading' && <p aria-busy="true">Loading your games…</p>}
        {list.state === 'failed' && (
          <div className="notice" role="alert">
            <span>{list.message}</span>
            <button type="button" onClick={retry}>
              Try again
            </button>
          </div>
        )}
        {list.state === 'ready' && list.rows.length === 0 && (
          <p data-testid="no-games">No games yet: the games you start in this browser are listed here.</p>
        )}
        {list.state === 'ready' && list.rows.length > 0 && (
          <ul className="my-game-list" data-testid="my-games">
            {list.rows.map((row) => (
              <GameRow
                key={row.game.id}
                row={row}
                onOpen={() => onOpen(row.game.id)}
                onRemove={() => remove(row.game.id, row.summary?.status === 'ongoing')}
              />
            ))}
          </ul>
        )}
        <KeyForm onAdopted={reload} />
        <p className="my-games-note">
          Kept in this browser only. Removing a game here forgets it in this browser; an ongoing one can then no longer be played from here.
        </p>
      </section>
    </div>
  );
}
