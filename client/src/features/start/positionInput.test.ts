import { describe, expect, it } from 'vitest';
import { positionRequest } from './positionInput';

describe('positionRequest', () => {
  it('sends a FEN as a FEN', () => {
    const fen = '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1';
    expect(positionRequest(`  ${fen}\n`)).toEqual({ fen });
    expect(positionRequest('8/8/8/8/8/8/8/8')).toEqual({ fen: '8/8/8/8/8/8/8/8' });
  });

  it('sends a FEN with the wrong number of ranks as a FEN, so the FEN reader says what is wrong', () => {
    const nine = 'rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    expect(positionRequest(nine)).toEqual({ fen: nine });
    expect(positionRequest('8/8/8/8/8/8/8 w - - 0 1')).toEqual({ fen: '8/8/8/8/8/8/8 w - - 0 1' });
  });

  it('sends anything else as a PGN, for the server to read or refuse', () => {
    expect(positionRequest('1. e4 e5 2. Nf3')).toEqual({ pgn: '1. e4 e5 2. Nf3' });
    const pgn = '[Event "x"]\n\n1. e4 *';
    expect(positionRequest(pgn)).toEqual({ pgn });
    expect(positionRequest('not chess')).toEqual({ pgn: 'not chess' });
  });

  it('makes no request for an empty box', () => {
    expect(positionRequest('  \n ')).toBeNull();
  });
});
