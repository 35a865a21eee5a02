import { useState } from 'react';
import { pgnUrl } from '../../api/games';
import type { GameView } from '../../api/types';
import { Icon } from '../../components/Icon';

interface Props {
  view: GameView;
  /** Watching without the game's token: the player's own actions are not shown at all. */
  spectator: boolean;
  /** The player is in a live game: "New game" asks first. */
  live: boolean;
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
  const { view, spectator, live, canTakeBack, canResign, canHint, hintLoading, onHint, onTakeBack, onResign, onNewGame, onFlip, onCopyFen } = props;
  const [confirming, setConfirming] = useState<'resign' | 'leave' | null>(null);

  if (confirming === 'resign') {
    return (
      <Confirm label="Confirm resignation" question="Resign this game?" yes="Yes, resign" testId="confirm-resign" onYes={onResign} onNo={() => setConfirming(null)} />
    );
  }
  if (confirming === 'leave') {
    return (
      <Confirm
        label="Confirm leaving the game"
        question="Start a new game? This one stays saved: the start screen offers to resume it."
        yes="Yes, new game"
        testId="confirm-new-game"
        onYes={onNewGame}
        onNo={() => setConfirming(null)}
      />
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
          <button type="button" onClick={() => setConfirming('resign')} disabled={!canResign} data-testid="resign" aria-label="Resign">
            <Icon name="flag" /> Resign
          </button>
        </>
      )}
      <button type="button" onClick={live ? () => setConfirming('leave') : onNewGame} data-testid="new-game" aria-label="New game">
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

interface ConfirmProps {
  label: string;
  question: string;
  yes: string;
  testId: string;
  onYes: () => void;
  onNo: () => void;
}

/** A question in place of the buttons, for an action that cannot be undone. */
function Confirm({ label, question, yes, testId, onYes, onNo }: ConfirmProps) {
  return (
    <div className="actions confirm" role="group" aria-label={label}>
      <span>{question}</span>
      <button
        type="button"
        className="danger"
        data-testid={testId}
        onClick={() => {
          onNo();
          onYes();
        }}
      >
        {yes}
      </button>
      <button type="button" onClick={onNo}>
        Keep playing
      </button>
    </div>
  );
}
