import { useEffect, useEffectEvent } from 'react';
import * as api from '../../../api/games';
import type { GameView } from '../../../api/types';

/** How often to look for Stockfish's move when it is Stockfish's turn and no event stream tells us. */
const ENGINE_TURN_POLL_MS = 1500;

/**
 * On Stockfish's turn with nothing else to tell us its move (after a reload mid-search, or on a
 * server without the event stream), asks the server every interval until the move is stored. `paused` while
 * our own request is in flight, or while the stream is open and the server says the search runs
 * (its `game` event follows). A pending request is cancelled when the view or the pause changes.
 * `onReachable` hears whether each request got an answer, for the "Reconnecting…" banner.
 */
export function useEngineTurnPoll(
  id: string,
  view: GameView | null,
  paused: boolean,
  onMoved: (next: GameView) => void,
  onReachable: (reachable: boolean) => void,
) {
  const moved = useEffectEvent(onMoved);
  const reachable = useEffectEvent(onReachable);
  const waiting = !paused && view !== null && view.status === 'ongoing' && view.turn !== view.player_color;

  useEffect(() => {
    if (!waiting || !view) return;
    const controller = new AbortController();
    let timer = 0;
    const ask = async () => {
      try {
        const next = await api.getGame(id, controller.signal);
        reachable(true);
        if (next.ply !== view.ply) return moved(next);
      } catch {
        if (controller.signal.aborted) return;
        reachable(false);
        // The server did not answer: ask again, as when Stockfish is still searching.
      }
      timer = window.setTimeout(() => void ask(), ENGINE_TURN_POLL_MS);
    };
    timer = window.setTimeout(() => void ask(), ENGINE_TURN_POLL_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [id, view, waiting]);
}
