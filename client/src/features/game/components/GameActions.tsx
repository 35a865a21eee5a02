import { useState } from 'react';
import { pgnUrl } from '../../../api/games';
import type { GameView } from '../../../api/types';
import { Icon } from '../../../components/Icon';
import { Confirm } from './Confirm';

interface Props {
  view: GameView;
  /** The player is in a live game: "New game" asks first. */
  live: boolean;
  /** "New game" here, or not: after a game the game-over panel has it, and twice is once too many. */
  offerNewGame: boolean;
  onNewGame: () => void;
  onFlip: () => void;
  onCopyFen: () => void;
  /** Copies the link that lets another device continue the game; only for the player. */
  onCopyLink?: () => void;
}

/**
 * The tools around the game: new game (asks first during a live game), flip, PGN download, FEN copy,
 * and for the player a link to continue on another device.
 */
export function GameActions({ view, live, offerNewGame, onNewGame, onFlip, onCopyFen, onCopyLink }: Props) {
  const [confirming, setConfirming] = useState(false);
  if (confirming) {
    return (
      <Confirm
        label="Confirm leaving the game"
        question="Start a new game? This one stays saved: the start screen offers to resume it."
        yes="Yes, new game"
        testId="confirm-new-game"
        onYes={onNewGame}
        onNo={() => setConfirming(false)}
      />
    );
  }
  return (
    <div className="actions">
      {offerNewGame && (
        <button type="button" onClick={live ? () => setConfirming(true) : onNewGame} data-testid="new-game" aria-label="New game">
          <Icon name="plus" /> New game
        </button>
      )}
      <button type="button" onClick={onFlip} aria-label="Flip the board (f)" title="Flip the board (f)">
        <Icon name="flip" /> Flip
      </button>
      <a className="button" href={pgnUrl(view.id)} download={`alphachess-${view.id}.pgn`} aria-label="Download the game as PGN">
        <Icon name="download" /> PGN
      </a>
      <button type="button" onClick={onCopyFen} aria-label="Copy the position as FEN" data-testid="copy-fen">
        <Icon name="copy" /> FEN
      </button>
      {onCopyLink && (
        <button
          type="button"
          onClick={onCopyLink}
          data-testid="copy-continue-link"
          title="Open the link on your other device to play on there"
        >
          <Icon name="link" /> Copy link to continue elsewhere
        </button>
      )}
    </div>
  );
}
