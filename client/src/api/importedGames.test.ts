// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { importedPlayers, pgnPlayers, rememberImported } from './importedGames';

beforeEach(() => localStorage.clear());

describe('imported finished games', () => {
  it("reads the players from the PGN's tags, with White/Black for a missing or unknown one", () => {
    const pgn = '[Event "Casual"]\n[White "Anna \\"the Rook\\" Berg"]\n[Black "?"]\n\n1. f3 e5 2. g4 Qh4# 0-1';
    expect(pgnPlayers(pgn)).toEqual({ white: 'Anna "the Rook" Berg', black: 'Black' });
    expect(pgnPlayers('1. f3 e5 2. g4 Qh4# 0-1')).toEqual({ white: 'White', black: 'Black' });
  });

  it('remembers the players of a game per id, and knows nothing of other games', () => {
    rememberImported('g1', { white: 'Anna', black: 'Ben' });
    expect(importedPlayers('g1')).toEqual({ white: 'Anna', black: 'Ben' });
    expect(importedPlayers('g2')).toBeUndefined();
    localStorage.setItem('alphachess:imported:g3', '{oops');
    expect(importedPlayers('g3')).toBeUndefined();
  });
});
