import { useState } from 'react';
import { takeLinkToken, type LinkToken } from '../api/tokens';

/**
 * Says what happened to the token of a "continue elsewhere" link when it was not simply kept: a
 * malformed one was ignored; one that differs from the token this browser already holds was not
 * taken (anyone who knows a game's id can make such a link), and the player may take it on purpose.
 */
export function LinkTokenNotice({
  link,
  onTaken = () => window.location.reload(),
}: {
  link: LinkToken;
  /** After the player took the link's token: the game reloads with it. */
  onTaken?: () => void;
}) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed || (link.kind !== 'malformed' && link.kind !== 'conflict')) return null;
  const message =
    link.kind === 'malformed'
      ? 'The link you opened carries no valid key for this game, so it was ignored.'
      : 'The link you opened carries a different key for this game than the one this browser already holds. This browser keeps its own key; use the link’s only if you trust where it came from.';
  return (
    <div className="notice" role="alert" data-testid="link-token-notice">
      <span>{message}</span>
      {link.kind === 'conflict' && (
        <button
          type="button"
          data-testid="use-link-token"
          onClick={() => {
            takeLinkToken(link.gameId, link.token);
            setDismissed(true);
            onTaken();
          }}
        >
          Use the link’s key
        </button>
      )}
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => setDismissed(true)}>
        ✕
      </button>
    </div>
  );
}
