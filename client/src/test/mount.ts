import type { ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';
import { act } from './act';

/** A component test's stage: a container in the document and a React root rendering into it. */
export interface Stage {
  /** The element the root renders into, attached to the document (so focus and clicks work). */
  readonly container: HTMLElement;
  /** Renders `node` into the container and flushes it. */
  readonly render: (node: ReactNode) => void;
  /** The element of the container with this `data-testid`, or null. */
  readonly byTestId: <E extends Element = HTMLElement>(id: string) => E | null;
}

/**
 * Sets up a fresh stage before each test of the file that calls it (at its top level) and
 * unmounts and removes it after, so no test sees another's render.
 */
export function stagePerTest(): Stage {
  let root: Root;
  let container: HTMLElement;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });
  return {
    get container() {
      return container;
    },
    render: (node) => act(() => root.render(node)),
    byTestId: <E extends Element = HTMLElement>(id: string) => container.querySelector<E>(`[data-testid="${id}"]`),
  };
}
