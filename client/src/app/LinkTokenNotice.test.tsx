// @vitest-environment happy-dom
import { act } from '../test/act';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadToken, saveToken, type LinkToken } from '../api/tokens';
import { LinkTokenNotice } from './LinkTokenNotice';

const MINE = 'a'.repeat(64);
const THEIRS = 'b'.repeat(64);
let root: Root;
let container: HTMLElement;
let taken = 0;

function show(link: LinkToken) {
  act(() => root.render(<LinkTokenNotice link={link} onTaken={() => (taken += 1)} />));
}

const notice = () => container.querySelector('[data-testid="link-token-notice"]');

beforeEach(() => {
  localStorage.clear();
  taken = 0;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe("the notice about a link's token", () => {
  it("tells the player their own key was kept, and takes the link's only when they ask", () => {
    saveToken('abc_1', MINE);
    show({ kind: 'conflict', gameId: 'abc_1', token: THEIRS });
    expect(notice()?.textContent).toContain('This browser keeps its own key');
    expect(loadToken('abc_1')).toBe(MINE);
    const use = container.querySelector<HTMLButtonElement>('[data-testid="use-link-token"]');
    act(() => use?.click());
    expect(loadToken('abc_1')).toBe(THEIRS);
    expect(taken).toBe(1);
    expect(notice()).toBeNull();
  });

  it('says a malformed key was ignored, with nothing to take', () => {
    show({ kind: 'malformed', gameId: 'abc_1' });
    expect(notice()?.textContent).toContain('ignored');
    expect(container.querySelector('[data-testid="use-link-token"]')).toBeNull();
  });

  it("shows nothing when the link's token was simply kept", () => {
    show({ kind: 'adopted', gameId: 'abc_1' });
    expect(notice()).toBeNull();
    show({ kind: 'none' });
    expect(notice()).toBeNull();
  });
});
