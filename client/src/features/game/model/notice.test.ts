import { describe, expect, it } from 'vitest';
import { AFTER_E4_VIEW, START_VIEW } from '../../../test/fixtures';
import { noticeApplies } from './notice';

const retry = () => {};

describe('a notice about a failed action', () => {
  it('stays while the game is where the action failed', () => {
    expect(noticeApplies({ message: 'cannot be reached', retry, atPly: 0 }, START_VIEW)).toBe(true);
  });

  it('goes once the server shows another ply, since retrying would act on an unseen game', () => {
    expect(noticeApplies({ message: 'cannot be reached', retry, atPly: 0 }, AFTER_E4_VIEW)).toBe(false);
  });

  it('goes once the game is over', () => {
    expect(noticeApplies({ message: 'cannot be reached', retry, atPly: 0 }, { ...START_VIEW, status: 'finished' })).toBe(false);
  });

  it('stays, when it only explains something, until the player dismisses it', () => {
    expect(noticeApplies({ message: 'The game changed in another tab' }, AFTER_E4_VIEW)).toBe(true);
  });
});
