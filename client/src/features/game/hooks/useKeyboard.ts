import { useEffect, useEffectEvent } from 'react';

/** Keys on the game screen: ←/→ step through moves, Home/End jump, `f` flips the board. */
export function useKeyboard(handlers: { back: () => void; forward: () => void; first: () => void; last: () => void; flip: () => void }) {
  // One listener for the screen's life; it calls the handlers of the latest render.
  const run = useEffectEvent((action: keyof typeof handlers) => handlers[action]());
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName)) return;
      const action = { ArrowLeft: 'back', ArrowRight: 'forward', Home: 'first', End: 'last', f: 'flip', F: 'flip' }[event.key] as
        keyof typeof handlers | undefined;
      if (!action) return;
      event.preventDefault();
      run(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
