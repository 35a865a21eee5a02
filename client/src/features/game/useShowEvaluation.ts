import { useCallback, useState } from 'react';

const KEY = 'alphachess:show-evaluation';

function load(): boolean {
  try {
    return localStorage.getItem(KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * Whether the player wants to see Stockfish's evaluation (the bar, the score and its line) during
 * play: off by default, so a newcomer plays the position and not the number; remembered in this
 * browser. The review always shows its own evaluation.
 */
export function useShowEvaluation(): [boolean, (show: boolean) => void] {
  const [show, setShow] = useState(load);
  const change = useCallback((next: boolean) => {
    setShow(next);
    try {
      localStorage.setItem(KEY, String(next));
    } catch {
      // Not remembered, still applied.
    }
  }, []);
  return [show, change];
}
