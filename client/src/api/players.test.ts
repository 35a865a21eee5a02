import { describe, expect, it } from 'vitest';
import { playerNames } from './players';

describe("a finished PGN's players", () => {
  it('are called by their names, and by their colour where the PGN names none', () => {
    expect(playerNames({ white: 'Anna "the Rook" Berg', black: null })).toEqual({ white: 'Anna "the Rook" Berg', black: 'Black' });
    expect(playerNames({})).toEqual({ white: 'White', black: 'Black' });
  });
});
