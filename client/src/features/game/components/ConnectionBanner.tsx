/**
 * "Reconnecting to the server…" while the server does not answer; when our move is the one waiting
 * (`awaitingServer`), it also says that the move is kept and Stockfish's reply will come.
 */
export function ConnectionBanner({ reconnecting, awaitingServer }: { reconnecting: boolean; awaitingServer: boolean }) {
  if (!reconnecting && !awaitingServer) return null;
  return (
    <p className="connection-banner" role="status" data-testid="reconnecting">
      <span className="spinner" aria-hidden="true" /> Reconnecting to the server…
      {awaitingServer && <span data-testid="move-kept"> Your move is kept: Stockfish&apos;s reply will come when the server is back.</span>}
    </p>
  );
}
