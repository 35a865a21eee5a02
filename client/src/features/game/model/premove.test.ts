import { describe, expect, it } from 'vitest';
import { E4, legalMove } from '../../../test/fixtures';
import { premoveMove } from './premove';

const PROMOTIONS = (['q', 'r', 'b', 'n'] as const).map((role) =>
  legalMove({ uci: `b7b8${role}`, san: `b8=${role.toUpperCase()}`, fen_after: '' }),
);

describe("a premove, once it is the player's turn", () => {
  it('plays the listed move it names, a promotion as a queen', () => {
    expect(premoveMove([legalMove(E4)], { from: 'e2', to: 'e4' })?.uci).toBe('e2e4');
    expect(premoveMove(PROMOTIONS, { from: 'b7', to: 'b8' })?.uci).toBe('b7b8q');
  });

  it('is dropped when the server lists no such move', () => {
    expect(premoveMove([legalMove(E4)], { from: 'e2', to: 'e5' })).toBeUndefined();
  });
});
