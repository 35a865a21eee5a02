import type { SaveStatus } from '../hooks/useTreeSaving';

interface Props {
  status: SaveStatus;
  /** Why nothing is saved on the server, when that is so (a free board, a game without its token or in play). */
  localReason: string;
  onRetry: () => void;
}

/** Whether the tree is kept: saved with the game, being saved, not saved (and why), or kept in this tab only. */
export function SaveStatusLine({ status, localReason, onRetry }: Props) {
  const text = (() => {
    switch (status.state) {
      case 'local':
        return localReason;
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
