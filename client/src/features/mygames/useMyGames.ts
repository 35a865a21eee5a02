import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { describeError } from '../../api/apiError';
import { forgetMyGame, type MyGame, myGames, type RestoreMyGame } from '../../api/myGames';
import { queryKeys } from '../../api/queryKeys';
import { getAllSummaries } from '../../api/summaries';
import type { GameSummary } from '../../api/types';

/** One row of the list: what this browser remembers, and what the server says (none when it no longer has the game). */
export interface MyGameRow {
  game: MyGame;
  summary: GameSummary | null;
}

export type MyGamesState = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; rows: MyGameRow[] };

/**
 * The games this browser created, with the server's summaries fetched in one request per hundred.
 * The summaries are a query keyed by the ids asked about, which change only when the list is read
 * again (`reload`): removing a row or undoing that asks nothing. While a reload's answer is on its
 * way, the previous summaries stay (a game just added shows without one until it comes).
 */
export function useMyGames() {
  const [games, setGames] = useState<MyGame[]>(myGames);
  const [asked, setAsked] = useState<string[]>(() => games.map((game) => game.id));
  const query = useQuery({
    queryKey: queryKeys.summaries(asked),
    queryFn: async ({ signal }) => {
      const found = await getAllSummaries(asked, signal);
      return new Map(found.map((summary) => [summary.id, summary]));
    },
    enabled: asked.length > 0,
    placeholderData: keepPreviousData,
  });
  const summaries = query.data ?? null;
  const error = query.isError ? describeError(query.error) : null;

  /** The game removed last, while its Undo is offered. */
  const [removed, setRemoved] = useState<{ id: string; ongoing: boolean; restore: RestoreMyGame } | null>(null);

  const remove = useCallback((id: string, ongoing: boolean) => {
    setRemoved({ id, ongoing, restore: forgetMyGame(id) });
    setGames(myGames());
  }, []);

  const undo = useCallback(() => {
    removed?.restore();
    setRemoved(null);
    setGames(myGames());
  }, [removed]);

  const list: MyGamesState =
    games.length === 0
      ? { state: 'ready', rows: [] }
      : error
        ? { state: 'failed', message: error }
        : summaries
          ? { state: 'ready', rows: games.map((game) => ({ game, summary: summaries.get(game.id) ?? null })) }
          : { state: 'loading' };
  /** Reads the list again (games were added) and asks for their summaries. */
  const { refetch } = query;
  const reload = useCallback(() => {
    const next = myGames();
    const ids = next.map((game) => game.id);
    setGames(next);
    // New ids are a new query, fetched as it is shown; the same ids are asked again.
    if (ids.join() === asked.join()) void refetch();
    else setAsked(ids);
  }, [asked, refetch]);

  return {
    list,
    remove,
    removed: removed && { id: removed.id, ongoing: removed.ongoing },
    undo,
    dismissUndo: () => setRemoved(null),
    reload,
    retry: () => void refetch(),
  };
}
