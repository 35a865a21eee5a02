import { describe, expect, it } from 'vitest';
import type { LegalMove } from '../../../api/types';
import { E4, legalMove } from '../../../test/fixtures';
import { readTypedMove } from './typedMove';

/** A listed move from its UCI and SAN (the position after it is not needed here). */
const listed = (uci: string, san: string): LegalMove => legalMove({ uci, san, fen_after: '' });

/** The UCI of the move `text` names among `legal`, or the refusal's sentence. */
function read(legal: readonly LegalMove[], text: string): string {
  const typed = readTypedMove(legal, text);
  return typed.kind === 'move' ? typed.move.uci : typed.message;
}

/** White's moves in the starting position (a part of them) and two knights that reach d2. */
const OPENING = [listed('e2e4', 'e4'), listed('e2e3', 'e3'), listed('g1f3', 'Nf3'), listed('b2b4', 'b4'), listed('d2d4', 'd4')];
const TWO_KNIGHTS = [listed('b1d2', 'Nbd2'), listed('f3d2', 'Nfd2'), listed('f1c4', 'Bc4'), listed('b3c4', 'bxc4')];
/** A pawn on e7 that promotes, and a capture onto d8 that promotes. */
const PROMOTIONS = (['q', 'r', 'b', 'n'] as const).flatMap((p) => [
  listed(`e7e8${p}`, `e8=${p.toUpperCase()}`),
  listed(`e7d8${p}`, `exd8=${p.toUpperCase()}+`),
]);
/** Castling both ways (standard UCI, the king's two squares) and a Chess960 one (king takes rook). */
const CASTLES = [listed('e1g1', 'O-O'), listed('e1c1', 'O-O-O')];
const CHESS960_CASTLE = { ...listed('b1a1', 'O-O-O'), to: 'c1' as const };

describe('a typed move', () => {
  it('is the listed move its exact SAN or UCI names, check marks aside', () => {
    expect(read([legalMove(E4)], ' e4 ')).toBe('e2e4');
    expect(read([legalMove(E4)], 'e2e4')).toBe('e2e4');
    expect(read([{ ...legalMove(E4), san: 'e4+' }], 'e4')).toBe('e2e4');
    expect(read(OPENING, 'Nf3+')).toBe('g1f3');
  });

  it("is read in the server's forgiving spellings", () => {
    for (const text of ['nf3', 'Ng1f3', 'Ng1-f3', 'N1f3', 'Ngf3', 'g1f3', 'g1-f3', 'Nf3!?']) expect(read(OPENING, text), text).toBe('g1f3');
    expect(read(OPENING, 'e2-e4')).toBe('e2e4');
    expect(read(OPENING, 'Pe4')).toBe('e2e4');
    for (const text of ['O-O', '0-0', 'o-o']) expect(read(CASTLES, text), text).toBe('e1g1');
    for (const text of ['O-O-O', '0-0-0', 'o-o-o', 'e1c1', 'e1a1']) expect(read(CASTLES, text), text).toBe('e1c1');
    expect(read([CHESS960_CASTLE], 'O-O-O')).toBe('b1a1');
    expect(read([CHESS960_CASTLE], 'b1a1')).toBe('b1a1');
    for (const text of ['e8=Q', 'e8Q', 'e8q', 'e8=q', 'e7e8q', 'e7e8Q']) expect(read(PROMOTIONS, text), text).toBe('e7e8q');
    for (const text of ['exd8=N', 'ed8n', 'e:d8=N', 'exd8=n+']) expect(read(PROMOTIONS, text), text).toBe('e7d8n');
  });

  it('reads a lower-case leading b as the bishop when that move is listed, else as the b-pawn', () => {
    expect(read(TWO_KNIGHTS, 'bc4')).toBe('f1c4');
    expect(read(TWO_KNIGHTS.slice(0, 2).concat(TWO_KNIGHTS[3]), 'bc4')).toBe('b3c4');
    expect(read(OPENING, 'b4')).toBe('b2b4');
  });

  it('is refused in words, and never sent, when it names no listed move', () => {
    expect(read(OPENING, 'Ke4')).toBe('Ke4 is not a legal move here.');
    expect(read(OPENING, 'e2e5')).toBe('e2e5 is not a legal move here.');
    expect(read(OPENING, 'zz9')).toBe('"zz9" is not a move: type one as e4, Nf3, e2e4 or O-O.');
    for (const text of ['E4', 'NF3', 'Nf9', 'e4e4e4', 'Nf8=Q', '']) expect(readTypedMove(OPENING, text).kind, text).toBe('refused');
    expect(read(TWO_KNIGHTS, 'Nd2')).toBe('Nd2 could be Nbd2 or Nfd2: type which.');
    expect(read(PROMOTIONS, 'e8')).toBe('e8 needs the piece the pawn becomes: e8=Q, e8=R, e8=B or e8=N.');
    expect(read(OPENING, 'e4=Q')).toBe('e4=Q is not a legal move here: only a pawn reaching the last rank promotes.');
  });
});
