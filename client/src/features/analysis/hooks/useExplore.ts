import { useEffect, useState } from 'react';
import { openExplore, type BoardId, type ExploreTarget } from '../api/exploreStream';
import { CONNECTING, engineFailed, foldExplore, type EngineState } from '../model/engineState';

/**
 * The live engine's lines for `fen` (null: the engine is off). One stream per position: a new
 * position or line count closes the old stream and opens a new one (the server also stops the old
 * search, as both carry the same `board`); leaving the board closes it.
 */
export function useExplore(target: ExploreTarget | null, lines: number, board: BoardId): EngineState | null {
  const key = target === null ? null : `${lines} ${target.start} ${target.moves.join(',')} ${target.fen}`;
  // The state is kept with the stream it belongs to, so a new position starts from "connecting" in
  // the same render, never showing the old position's lines.
  const [held, setHeld] = useState<{ key: string; state: EngineState } | null>(null);

  useEffect(() => {
    if (target === null || key === null) return;
    const update = (change: (state: EngineState) => EngineState) =>
      setHeld((current) => ({ key, state: change(current?.key === key ? current.state : CONNECTING) }));
    return openExplore(target, lines, board, {
      onEvent: (event) => update((state) => foldExplore(state, event)),
      onError: () => update(engineFailed),
    });
    // The target is read through `key`, which names all of it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lines, board, key]);

  if (key === null) return null;
  return held?.key === key ? held.state : CONNECTING;
}
