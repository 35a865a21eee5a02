import { useEffect, useEffectEvent, useState } from 'react';
import { openGameEvents, type StreamState } from '../../../api/events';
import type { GameView, Thinking } from '../../../api/types';

interface Handlers {
  onGame: (view: GameView) => void;
  onThinking: (thinking: Thinking) => void;
}

/**
 * The game's live events while the game screen is open: one subscription per game, closed when the
 * screen goes. `everOpen` says whether this server streams at all (older ones answer 404).
 */
export function useGameStream(id: string, handlers: Handlers) {
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
        onState: (next) => {
          setState(next);
          if (next === 'open') setEverOpen(true);
        },
      }),
    [id],
  );
  return { state, everOpen };
}
