import { act as reactAct } from 'react';

declare global {
  // React checks this flag before it lets `act` flush renders outside a test renderer.
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/**
 * Runs `callback`, then flushes the renders and effects it caused (React's `act`, with the flag it
 * checks set once for every test that imports this). An async callback is awaited; a synchronous
 * one is flushed before `act` returns, so there is nothing to await.
 */
export function act(callback: () => Promise<unknown>): Promise<void>;
export function act(callback: () => void): void;
export function act(callback: () => unknown): Promise<void> | void {
  // React's `act` returns a thenable either way; a synchronous callback's is already flushed.
  return reactAct(callback) as Promise<void> | void;
}
