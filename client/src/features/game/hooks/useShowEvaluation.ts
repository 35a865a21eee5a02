import { useCallback, useState } from 'react';
import { persisted } from '../../../storage/persisted';

/** Stored as `true` or `false`; anything else (or nothing) is off. */
const stored = persisted<boolean>({
  key: 'alphachess:show-evaluation',
  parse: (text) => text === 'true',
  fallback: false,
  format: String,
});

/**
 * Whether the player wants to see Stockfish's evaluation (the bar, the score and its line) during
 * play: off by default, so a newcomer plays the position and not the number; remembered in this
 * browser. The review always shows its own evaluation.
 */
export function useShowEvaluation(): [boolean, (show: boolean) => void] {
  const [show, setShow] = useState(() => stored.read());
  const change = useCallback((next: boolean) => {
    setShow(next);
    stored.write(next); // Not remembered when storage refuses, still applied.
  }, []);
  return [show, change];
}
