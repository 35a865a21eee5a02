import type { SaveStatus } from '../hooks/useTreeSaving';

interface Props {
  status: SaveStatus;
  /** Whether the board is a game's (a free board is never saved on the server). */
  forGame: boolean;
  onRetry: () => void;
}

/** Whether the tree is kept: saved with the game, being saved, not saved (and why), or kept in this tab only. */
export function SaveStatusLine({ status, forGame, onRetry }: Props) {
  const text = (() => {
    switch (status.state) {
      case 'local':
        return forGame
          ? 'Not saved: only the browser that played this game can keep its analysis. Download the PGN to keep it.'
          : 'Kept in this tab only: download or copy the PGN to keep it.';
      case 'pending':
        return 'Unsaved changes…';
      case 'saving':
        return 'Saving…';
      case 'saved':
        return 'Saved with the game.';
      case 'failed':
        return `Not saved: ${status.message}`;
    }
  })();
  return (
    <p className={`save-status ${status.state}`} role="status" data-testid="save-status" data-state={status.state}>
      {text}
      {status.state === 'failed' && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </p>
  );
}
