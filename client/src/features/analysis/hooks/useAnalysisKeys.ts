import { useEffect, useEffectEvent } from 'react';

/** What the analysis board's keys do. */
export interface AnalysisKeyHandlers {
  back: () => void;
  forward: () => void;
  first: () => void;
  last: () => void;
  flip: () => void;
  toggleEngine: () => void;
}

/** The keys, as the help line lists them (lichess's, where it has one). */
const KEYS: Record<string, keyof AnalysisKeyHandlers> = {
  ArrowLeft: 'back',
  ArrowRight: 'forward',
  ArrowUp: 'first',
  Home: 'first',
  ArrowDown: 'last',
  End: 'last',
  f: 'flip',
  F: 'flip',
  l: 'toggleEngine',
  L: 'toggleEngine',
};

/**
 * The analysis board's keyboard: ←/→ a move back or forward, ↑/Home the start, ↓/End the end of the
 * line, `f` flips the board, `l` turns the engine on or off. Keys typed into a field (the comment)
 * or on the board's own keyboard grid (whose arrows move between squares) are theirs.
 */
export function useAnalysisKeys(handlers: AnalysisKeyHandlers) {
  const run = useEffectEvent((action: keyof AnalysisKeyHandlers) => handlers[action]());
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || target.isContentEditable)) return;
      if (target?.closest?.('[role="grid"]')) return;
      const action = KEYS[event.key];
      if (!action) return;
      event.preventDefault();
      run(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
