import { describe, expect, it } from 'vitest';
import { sanWords } from './sanWords';

describe('sanWords', () => {
  it.each([
    ['e4', 'pawn to e4'],
    ['Nf3', 'knight to f3'],
    ['exd5', 'pawn takes d5'],
    ['Bxf7+', 'bishop takes f7, check'],
    ['Qxf7#', 'queen takes f7, checkmate'],
    ['O-O', 'kingside castling'],
    ['O-O-O+', 'queenside castling, check'],
    ['e8=Q', 'pawn to e8, promotes to queen'],
    ['bxa1=N+', 'pawn takes a1, promotes to knight, check'],
    ['Nbd2', 'knight from b to d2'],
    ['R1e2', 'rook from 1 to e2'],
    ['Qh4xe1', 'queen from h4 takes e1'],
    ['Kg1', 'king to g1'],
    ['Nf3!?', 'knight to f3'],
  ])('reads %s as "%s"', (san, words) => {
    expect(sanWords(san)).toBe(words);
  });

  it('says anything that is not SAN as written', () => {
    expect(sanWords('e2e4')).toBe('e2e4');
  });
});
