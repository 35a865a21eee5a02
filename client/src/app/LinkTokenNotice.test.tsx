// @vitest-environment happy-dom
import { act } from '../test/act';
import { beforeEach, describe, expect, it } from 'vitest';
import { stagePerTest } from '../test/mount';
import { loadToken, saveToken, type LinkToken } from '../api/tokens';
import { LinkTokenNotice } from './LinkTokenNotice';

const MINE = 'a'.repeat(64);
const THEIRS = 'b'.repeat(64);
const stage = stagePerTest();
let taken = 0;

function show(link: LinkToken) {
  stage.render(<LinkTokenNotice link={link} onTaken={() => (taken += 1)} />);
}

const notice = () => stage.byTestId('link-token-notice');

beforeEach(() => {
  localStorage.clear();
  taken = 0;
});

describe("the notice about a link's token", () => {
  it("tells the player their own key was kept, and takes the link's only when they ask", () => {
    saveToken('abc_1', MINE);
    show({ kind: 'conflict', gameId: 'abc_1', token: THEIRS });
    expect(notice()?.textContent).toContain('This browser keeps its own key');
    expect(loadToken('abc_1')).toBe(MINE);
    const use = stage.container.querySelector<HTMLButtonElement>('[data-testid="use-link-token"]');
    act(() => use?.click());
    expect(loadToken('abc_1')).toBe(THEIRS);
    expect(taken).toBe(1);
    expect(notice()).toBeNull();
  });

  it('says a malformed key was ignored, with nothing to take', () => {
    show({ kind: 'malformed', gameId: 'abc_1' });
    expect(notice()?.textContent).toContain('ignored');
    expect(stage.container.querySelector('[data-testid="use-link-token"]')).toBeNull();
  });

  it("shows nothing when the link's token was simply kept", () => {
    show({ kind: 'adopted', gameId: 'abc_1' });
    expect(notice()).toBeNull();
    show({ kind: 'none' });
    expect(notice()).toBeNull();
  });
});
