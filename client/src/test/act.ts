import { act as preactAct } from 'preact/test-utils';

/**
 * Runs `callback`, then flushes the renders and effects it caused (Preact's `act`; the app runs on
 * Preact through `preact/compat`, whose `react` has no `act`). Typed as React's: an async callback is
 * awaited; a synchronous one is flushed before `act` returns, so there is nothing to await.
 */
export function act(callback: () => Promise<unknown>): Promise<void>;
export function act(callback: () => void): void;
export function act(callback: () => unknown): Promise<void> | void {
  let async = false;
  const flushed = preactAct(() => {
    const result = callback();
    if (!(result instanceof Promise)) return;
    async = true;
    return result.then(() => {});
  });
  return async ? flushed : undefined;
}
