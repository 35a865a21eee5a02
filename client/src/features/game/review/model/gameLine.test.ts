import { describe, expect, it } from 'vitest';
import { AFTER_E4_VIEW } from '../../../../test/fixtures';
import { type GameLine, gameLine, moveLabel, moveNumber, moverOf } from './gameLine';

const FROM_START: GameLine = { sans: ['e4', 'e5', 'Nf3', 'Nc6'], firstTurn: 'white', firstFullmove: 1 };
/** A game from a FEN with black to move at move 14. */
const FROM_BLACK: GameLine = { sans: ['Nxe4', 'Qe2', 'd5'], firstTurn: 'black', firstFullmove: 14 };

describe('the game line', () => {
  it('has white move the odd plies of a game from the start, and black when black began', () => {
    expect([1, 2, 3].map((ply) => moverOf(ply, 'white'))).toEqual(['white', 'black', 'white']);
    expect([1, 2, 3].map((ply) => moverOf(ply, 'black'))).toEqual(['black', 'white', 'black']);
  });

  it('numbers plies as a score sheet does', () => {
    expect([1, 2, 3, 4].map((ply) => moveNumber(ply, FROM_START))).toEqual([1, 1, 2, 2]);
    expect([1, 2, 3].map((ply) => moveNumber(ply, FROM_BLACK))).toEqual([14, 15, 15]);
  });

  it('quotes a move with its number, dots for black, and an optional suffix', () => {
    expect(moveLabel(3, FROM_START)).toBe('2. Nf3');
    expect(moveLabel(1, FROM_BLACK, '??')).toBe('14… Nxe4??');
    expect(moveLabel(2, FROM_BLACK)).toBe('15. Qe2');
  });

  it('is read from the GameView', () => {
    expect(gameLine(AFTER_E4_VIEW)).toEqual({ sans: ['e4'], firstTurn: 'white', firstFullmove: 1 });
  });
});
