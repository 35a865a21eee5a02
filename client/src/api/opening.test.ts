import { describe, expect, it } from 'vitest';
import { START_VIEW } from '../test/fixtures';
import { openingOf } from './opening';

describe('the opening of a game', () => {
  it('is read from the view when the server names one', () => {
    const view = { ...START_VIEW, opening: { eco: 'C20', name: "King's Pawn Game" } };
    expect(openingOf(view)).toEqual({ eco: 'C20', name: "King's Pawn Game" });
  });

  it('is unknown when the server sends none, null, or something else', () => {
    expect(openingOf(START_VIEW)).toBeNull();
    expect(openingOf({ ...START_VIEW, opening: null } as typeof START_VIEW)).toBeNull();
    expect(openingOf({ ...START_VIEW, opening: { eco: 3, name: 'x' } } as typeof START_VIEW)).toBeNull();
    expect(openingOf({ ...START_VIEW, opening: 'C20' } as typeof START_VIEW)).toBeNull();
  });
});
