import { useCallback, useEffect, useState } from 'react';
import { describeError } from '../../api/apiError';
import { forgetMyGame, type MyGame, myGames, type RestoreMyGame } from '../../api/myGames';
import { getAllSummaries } from '../../api/summaries';
import type { GameSummary } from '../../api/types';

/** One row of the list: what this browser remembers, and what the server says (none when it no longer has the game). */
export interface MyGameRow {
  game: MyGame;
  summary: GameSummary | null;
}

export type MyGamesState = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; rows: MyGameRow[] };

/** The games this browser created, with the server's summaries fetched in one request per hundred. */
export function useMyGames() {
  const [games, setGames] = useState<MyGame[]>(myGames);
  const [summaries, setSummaries] = useState<Map<string, GameSummary> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const ids = myGames().map((game) => game.id);
    if (ids.length === 0) return;
    const controller = new AbortController();
    getAllSummaries(ids, controller.signal)
      .then((found) => {
        setSummaries(new Map(found.map((summary) => [summary.id, summary])));
        setError(null);
      })
      .catch((cause: unknown) => {
        if (!controller.signal.aborted) setError(describeError(cause));
      });
    return () => controller.abort();
  }, [attempt]);

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
  const reload = useCallback(() => {
    setGames(myGames());
    setAttempt((n) => n + 1);
  }, []);

  return {
    list,
    remove,
    removed: removed && { id: removed.id, ongoing: removed.ongoing },
    undo,
    dismissUndo: () => setRemoved(null),
    reload,
    retry: () => setAttempt((n) => n + 1),
  };
}
