declare global {
  // React checks this flag to allow `act` outside a test renderer.
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}

/** Lets a test render with `react-dom/client` and wait for effects with `act` (call in `beforeEach`). */
export function enableAct(): void {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
}
