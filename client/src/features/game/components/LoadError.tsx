import { type ApiError, describeError } from '../../../api/apiError';

interface Props {
  error: ApiError;
  onRetry: () => void;
  onNewGame: () => void;
}

/** The game could not be loaded: say why, and offer to retry (unless it is gone) or start anew. */
export function LoadError({ error, onRetry, onNewGame }: Props) {
  const gone = error.code === 'game_not_found';
  return (
    <div className="screen-message" role="alert" data-testid="load-error">
      <h1>{gone ? 'Game not found' : 'Cannot load the game'}</h1>
      <p>{describeError(error)}</p>
      <div className="actions">
        {!gone && (
          <button type="button" onClick={onRetry}>
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
