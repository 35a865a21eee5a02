import { describe, expect, it } from 'vitest';
import type { GameView } from '../../../api/types';
import { AFTER_E4_VIEW, E4, E5, START_VIEW } from '../../../test/fixtures';
import { newerView, shouldApplyStreamedView } from './viewGuard';

/** The views of one game as the server sends them: the start, 1. e4 (engine thinking), then 1... e5. */
const base = START_VIEW;
const afterE4 = AFTER_E4_VIEW;
const afterE5: GameView = { ...base, fen: E5.fen_after, ply: 2, moves: [E4, E5], version: afterE4.version + 2 };

describe('the stale-view guard', () => {
  it('takes the first view and every later one', () => {
    expect(shouldApplyStreamedView(base, null, false)).toBe(true);
    expect(shouldApplyStreamedView(afterE4, base, false)).toBe(true);
    expect(shouldApplyStreamedView(afterE5, afterE4, false)).toBe(true);
  });

  it('keeps the view on screen when the version is the same, such as the echo of the answer to our move', () => {
    expect(shouldApplyStreamedView({ ...afterE5 }, afterE5, false)).toBe(false);
  });

  it('leaves the view alone while our own request is in flight', () => {
    expect(shouldApplyStreamedView(afterE5, base, true)).toBe(false);
  });

  it('never lets an older view arriving late replace a newer one', () => {
    expect(shouldApplyStreamedView(afterE4, afterE5, false)).toBe(false);
  });

  it('follows a takeback made in another tab: fewer moves, a newer version', () => {
    const takenBack: GameView = { ...base, version: afterE5.version + 1 };
    expect(shouldApplyStreamedView(takenBack, afterE5, false)).toBe(true);
  });

  it('follows the engine starting and stopping to think at the same ply', () => {
    const idle: GameView = { ...afterE4, engine_thinking: false, version: afterE4.version + 1 };
    expect(shouldApplyStreamedView(idle, afterE4, false)).toBe(true);
    expect(shouldApplyStreamedView(afterE4, idle, false)).toBe(false);
  });

  it('takes the end of the game, and nothing older after it', () => {
    const resigned: GameView = {
      ...afterE5,
      status: 'finished',
      result: '0-1',
      reason: 'resignation',
      winner: 'black',
      version: afterE5.version + 1,
    };
    expect(shouldApplyStreamedView(resigned, afterE5, false)).toBe(true);
    expect(shouldApplyStreamedView(afterE5, resigned, false)).toBe(false);
  });

  it("takes the news that a finished game's review started, at the same version, and never loses it", () => {
    const resigned: GameView = { ...afterE5, status: 'finished', result: '0-1', reason: 'resignation', winner: 'black' };
    const reviewed: GameView = { ...resigned, review: 'requested' };
    expect(shouldApplyStreamedView(reviewed, resigned, false)).toBe(true);
    expect(shouldApplyStreamedView(resigned, reviewed, false)).toBe(false);
    expect(shouldApplyStreamedView({ ...reviewed }, reviewed, false)).toBe(false);
    expect(newerView(resigned, reviewed)).toBe(reviewed);
    expect(newerView(reviewed, resigned)).toBe(reviewed);
  });

  it('ignores views of another game', () => {
    expect(shouldApplyStreamedView({ ...afterE5, id: 'other' }, base, false)).toBe(false);
  });
});

describe('the view to hold of two', () => {
  it('is the newer by version, and the one held on a tie or for another game', () => {
    expect(newerView(afterE4, afterE5)).toBe(afterE5);
    expect(newerView(afterE5, afterE4)).toBe(afterE5);
    const same = { ...afterE5 };
    expect(newerView(afterE5, same)).toBe(afterE5);
    expect(newerView(undefined, afterE4)).toBe(afterE4);
    expect(newerView(afterE4, { ...afterE5, id: 'other' })).toBe(afterE4);
  });
});
