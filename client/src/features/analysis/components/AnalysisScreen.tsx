import './analysis.css';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { describeError } from '../../../api/apiError';
import { getGame } from '../../../api/games';
import { queryKeys } from '../../../api/queryKeys';
import { loadToken } from '../../../api/tokens';
import { treeQuery, type TreeSource } from '../api/analysisQueries';
import { turnFromFen } from '../../../chess/placement';
import { startFen, treeFromView } from '../model/moveTree';
import { AnalysisWorkspace } from './AnalysisWorkspace';

interface Props {
  source: TreeSource;
  /** The mainline ply to open at (a game's, from the ply its screen showed); the end of the mainline without one. */
  ply: number | null;
  /** Back to where the board was opened from (the game, the editor, the start screen). */
  onBack: () => void;
  backLabel: string;
  /** Opens the start screen with a position filled in, to play from it. */
  onPlayFrom: (fen: string) => void;
}

/**
 * The analysis board (issue #26): a finished game's moves (`/analysis/<id>`), any position
 * (`/analysis?fen=`) or a pasted PGN, as a tree of lines to explore with the live engine. Loaded on
 * demand (`React.lazy` in `app/App.tsx`), so none of it is in the first page's bundle.
 */
export function AnalysisScreen({ source, ply, onBack, backLabel, onPlayFrom }: Props) {
  const loaded = useQuery(treeQuery(source));
  const gameId = source.kind === 'game' ? source.id : null;
  // The game itself only says which side the player had, to turn the board their way.
  const gameView = useQuery({
    queryKey: queryKeys.game(gameId ?? ''),
    queryFn: ({ signal }) => getGame(gameId ?? '', signal),
    enabled: gameId !== null,
  });
  const tree = useMemo(() => {
    if (!loaded.data) return undefined;
    try {
      return treeFromView(loaded.data);
    } catch {
      return null;
    }
  }, [loaded.data]);

  const back = (
    <button type="button" onClick={onBack} data-testid="analysis-back-to">
      {backLabel}
    </button>
  );
  if (loaded.isError || tree === null) {
    return (
      <div className="screen-message" role="alert" data-testid="analysis-error">
        <p>
          This analysis cannot be opened: {tree === null ? 'the server sent a tree this page cannot read.' : describeError(loaded.error)}
        </p>
        <div className="analysis-error-actions">
          <button type="button" onClick={() => void loaded.refetch()}>
            Try again
          </button>
          {back}
        </div>
      </div>
    );
  }
  if (!tree || (gameId !== null && gameView.isPending)) {
    return (
      <div className="screen-message" aria-busy="true">
        <p>Loading the analysis board…</p>
      </div>
    );
  }
  const game = gameId === null ? null : { id: gameId, token: loadToken(gameId), finished: gameView.data?.status === 'finished' };
  return (
    <div className="analysis-page">
      <div className="analysis-top">{back}</div>
      <AnalysisWorkspace
        key={loaded.dataUpdatedAt}
        initial={tree}
        ply={ply}
        game={game}
        orientation={gameView.data?.player_color ?? turnFromFen(startFen(tree))}
        onPlayFrom={onPlayFrom}
      />
    </div>
  );
}
