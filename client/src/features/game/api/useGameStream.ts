import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { openGameEvents, type StreamState } from '../../../api/events';
import type { GameView, Thinking } from '../../../api/types';
import { catchUpAnalysis, foldAnalysisEvent } from '../review/api/analysisCache';

interface Handlers {
  /** A `game` event: the game screen decides whether it is newer than the view it holds (viewGuard). */
  onGame: (view: GameView) => void;
  /** A `thinking` event: kept if it is about the position Stockfish is searching. */
  onThinking: (thinking: Thinking) => void;
}

/**
 * The game's one event stream while the game screen is open (one `EventSource` per game, closed
 * when the screen goes), carrying all three kinds of event into the query cache: `game` and
 * `thinking` through the game view's handlers, `analysis` straight into the analysis entry. Each
 * time the stream (re)opens, an analysis still running is fetched once to catch up on the events
 * sent while nobody listened. `everOpen` says whether this server streams at all (older ones answer 404).
 */
export function useGameStream(id: string, handlers: Handlers) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  const [everOpen, setEverOpen] = useState(false);
  // The subscription lives as long as the id; the handlers it calls are always the latest.
  const onGame = useEffectEvent((view: GameView) => handlers.onGame(view));
  const onThinking = useEffectEvent((thinking: Thinking) => handlers.onThinking(thinking));

  useEffect(
    () =>
      openGameEvents(id, {
        onGame,
        onThinking,
        onAnalysis: (event) => foldAnalysisEvent(queryClient, id, event),
        onState: (next) => {
          setState(next);
          if (next !== 'open') return;
          setEverOpen(true);
          catchUpAnalysis(queryClient, id);
        },
      }),
    [id, queryClient],
  );
  return { state, everOpen };
}
