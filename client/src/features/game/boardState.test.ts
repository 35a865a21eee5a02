import { describe, expect, it } from 'vitest';
import type { GameView, LegalMove } from '../../api/types';
import { liveBoard, pastBoard, pendingBoard, placementsByPly } from './boardState';
import { playerHasMoved, scoreRows, searchedPosition } from './gameFacts';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** The server's view after 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#, as the contract describes it. */
const SCHOLARS_MATE: GameView = {
  id: 'g1',
  fen: 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4',
  initial_fen: START,
  player_color: 'white',
  turn: 'black',
  ply: 7,
  level: 8,
  status: 'finished',
  result: '1-0',
  reason: 'checkmate',
  winner: 'white',
  check: true,
  last_move: { uci: 'h5f7', san: 'Qxf7#', from: 'h5', to: 'f7', promotion: null },
  moves: [
    { uci: 'e2e4', san: 'e4' },
    { uci: 'e7e5', san: 'e5' },
    { uci: 'd1h5', san: 'Qh5' },
    { uci: 'b8c6', san: 'Nc6' },
    { uci: 'f1c4', san: 'Bc4' },
    { uci: 'g8f6', san: 'Nf6' },
    { uci: 'h5f7', san: 'Qxf7#' },
  ],
  legal_moves: [],
};

describe('board states', () => {
  it('replays the moves to the same placement as the server FEN', () => {
    const placements = placementsByPly(SCHOLARS_MATE);
    expect(placements).toHaveLength(8);
    expect(placements[7]).toEqual(liveBoard(SCHOLARS_MATE).placement);
  });

  it('highlights the last move and the mated king in the live position', () => {
    const board = liveBoard(SCHOLARS_MATE);
    expect(board.lastMove).toEqual({ from: 'h5', to: 'f7' });
    expect(board.checkSquare).toBe('e8');
  });

  it('shows an earlier position with its own last move and no check', () => {
    const board = pastBoard(SCHOLARS_MATE, placementsByPly(SCHOLARS_MATE), 3);
    expect(board.lastMove).toEqual({ from: 'd1', to: 'h5' });
    expect(board.checkSquare).toBeUndefined();
    expect(board.placement.h5).toBe('wQ');
  });

  it('draws the player move in flight with its check', () => {
    const before = { ...SCHOLARS_MATE, fen: 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4', turn: 'white' as const, check: false };
    const move: LegalMove = { uci: 'h5f7', san: 'Qxf7#', from: 'h5', to: 'f7', promotion: null };
    const board = pendingBoard(before, move);
    expect(board.placement.f7).toBe('wQ');
    expect(board.placement.h5).toBeUndefined();
    expect(board.checkSquare).toBe('e8');
  });
});

describe('game facts', () => {
  it('writes the score sheet including the move in flight', () => {
    const rows = scoreRows({ ...SCHOLARS_MATE, moves: SCHOLARS_MATE.moves.slice(0, 6), ply: 6 }, {
      move: { uci: 'h5f7', san: 'Qxf7#', from: 'h5', to: 'f7', promotion: null },
      ply: 6,
    });
    expect(rows.at(-1)).toEqual({ number: 4, white: { san: 'Qxf7#', ply: 7 } });
  });

  it('lets black take back only once it has moved, after Stockfish opened', () => {
    const asBlack = { ...SCHOLARS_MATE, player_color: 'black' as const };
    expect(playerHasMoved({ ...asBlack, ply: 1 })).toBe(false);
    expect(playerHasMoved({ ...asBlack, ply: 2 })).toBe(true);
    expect(playerHasMoved({ ...SCHOLARS_MATE, ply: 1 })).toBe(true);
  });

  it('numbers Stockfish\'s line from the position after the move in flight', () => {
    const move: LegalMove = { uci: 'h5f7', san: 'Qxf7#', from: 'h5', to: 'f7', promotion: null };
    const whiteToMove = { ...SCHOLARS_MATE, fen: 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4' };
    expect(searchedPosition(whiteToMove, { move, ply: 6 })).toEqual({ turn: 'black', fullmove: 4 });
    expect(searchedPosition(SCHOLARS_MATE, null)).toEqual({ turn: 'black', fullmove: 4 });
    const blackToMove = { ...SCHOLARS_MATE, player_color: 'black' as const };
    expect(searchedPosition(blackToMove, { move, ply: 7 })).toEqual({ turn: 'white', fullmove: 5 });
  });
});
