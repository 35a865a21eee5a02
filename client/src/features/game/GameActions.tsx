import { useState } from 'react';
import { pgnUrl } from '../../api/games';
import type { GameView } from '../../api/types';
import { Icon } from '../../components/Icon';

interface Props {
  view: GameView;
  /** Watching without the game's token: the player's own actions are not shown at all. */
  spectator: boolean;
  canTakeBack: boolean;
  canResign: boolean;
  canHint: boolean;
  hintLoading: boolean;
  onHint: () => void;
  onTakeBack: () => void;
  onResign: () => void;
  onNewGame: () => void;
  onFlip: () => void;
  onCopyFen: () => void;
}

/** Hint, takeback, resign (asks first; not for a spectator), new game, flip, PGN download and FEN copy. */
export function GameActions(props: Props) {
  const { view, spectator, canTakeBack, canResign, canHint, hintLoading, onHint, onTakeBack, onResign, onNewGame, onFlip, onCopyFen } = props;
  const [confirming, setConfirming] = useState(false);

  if (confirming) {
    return (
      <div className="actions confirm" role="group" aria-label="Confirm resignation">
        <span>Resign this game?</span>
        <button
          type="button"
          className="danger"
          data-testid="confirm-resign"
          onClick={() => {
            setConfirming(false);
            onResign();
          }}
        >
          Yes, resign
        </button>
        <button type="button" onClick={() => setConfirming(false)}>
          Keep playing
        </button>
      </div>
    );
  }
  return (
    <div className="actions">
      {!spectator && (
        <>
          <button
            type="button"
            onClick={onHint}
            disabled={!canHint || hintLoading}
            aria-busy={hintLoading}
            data-testid="hint-button"
            aria-label="Show Stockfish's suggestion for your move"
            title="Hint: Stockfish's suggestion, as an arrow"
          >
            <Icon name="hint" /> {hintLoading ? 'Hint…' : 'Hint'}
          </button>
          <button type="button" onClick={onTakeBack} disabled={!canTakeBack} data-testid="takeback" aria-label="Take back your last move">
            <Icon name="takeback" /> Takeback
          </button>
          <button type="button" onClick={() => setConfirming(true)} disabled={!canResign} data-testid="resign" aria-label="Resign">
            <Icon name="flag" /> Resign
          </button>
        </>
      )}
      <button type="button" onClick={onNewGame} data-testid="new-game" aria-label="New game">
        <Icon name="plus" /> New game
      </button>
      <button type="button" onClick={onFlip} aria-label="Flip the board (f)" title="Flip the board (f)">
        <Icon name="flip" /> Flip
      </button>
      <a className="button" href={pgnUrl(view.id)} download={`alphachess-${view.id}.pgn`} aria-label="Download the game as PGN">
        <Icon name="download" /> PGN
      </a>
      <button type="button" onClick={onCopyFen} aria-label="Copy the position as FEN" data-testid="copy-fen">
        <Icon name="copy" /> FEN
      </button>
    </div>
  );
}
