import type { Notice } from '../model/notice';

/** A sentence about the last action that failed, with "Try again" where retrying makes sense. */
export function NoticeBar({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  return (
    <div className="notice" role="alert" data-testid="notice">
      <span>{notice.message}</span>
      {notice.retry && (
        <button type="button" onClick={notice.retry}>
          Try again
        </button>
      )}
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={onDismiss}>
        ✕
      </button>
    </div>
  );
}
