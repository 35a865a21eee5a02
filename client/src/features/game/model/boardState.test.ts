import { describe, expect, it } from 'vitest';
import type { GameView } from '../../../api/types';
import { E4, E5, START, legalMove } from '../../../test/fixtures';
import { liveBoard, pastBoard, pendingBoard } from './boardState';
import { scoreRows, searchedPosition } from './gameFacts';

// FENs checked against python-chess.
const BEFORE_NF6 = 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3';
const BEFORE_MATE = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4';
const MATED = 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4';
const QXF7_MATE = legalMove({ uci: 'h5f7', san: 'Qxf7#', fen_after: MATED });

/** The server's view after 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#, as the contract describes it. */
const SCHOLARS_MATE: GameView = {
  id: 'g1',
  version: 8,
  fen: MATED,
  initial_fen: START,
  variant: 'standard',
  chess960_position: null,
  player_color: 'white',
  turn: 'black',
  ply: 7,
  level: 7,
  step: { level: 7, name: 'Club player', rating: 1331, low: 1267, high: 1396, games: 235 },
  status: 'finished',
  result: '1-0',
  reason: 'checkmate',
  winner: 'white',
  check: true,
  last_move: { ...QXF7_MATE },
  engine_thinking: false,
  can_take_back: false,
  rated: true,
  can_abort: false,
  can_claim_draw: false,
  review: 'none',
  moves: [
    E4,
    E5,
    { uci: 'd1h5', san: 'Qh5', fen_after: 'rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2' },
    { uci: 'b8c6', san: 'Nc6', fen_after: 'r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 2 3' },
    { uci: 'f1c4', san: 'Bc4', fen_after: BEFORE_NF6 },
    { uci: 'g8f6', san: 'Nf6', fen_after: BEFORE_MATE },
    { uci: 'h5f7', san: 'Qxf7#', fen_after: MATED },
  ],
  legal_moves: [],
};

describe('board states', () => {
  it('shows the live position from the server FEN, with the last move and the mated king', () => {
    const board = liveBoard(SCHOLARS_MATE);
    expect(board.placement.f7).toBe('wQ');
    expect(board.lastMove).toEqual({ from: 'h5', to: 'f7' });
    expect(board.checkSquare).toBe('e8');
  });

  it("shows an earlier position from its move's fen_after, with its own last move and no check", () => {
    const board = pastBoard(SCHOLARS_MATE, 3);
    expect(board.lastMove).toEqual({ from: 'd1', to: 'h5' });
    expect(board.checkSquare).toBeUndefined();
    expect(board.placement.h5).toBe('wQ');
    expect(board.placement.d1).toBeUndefined();
  });

  it('shows the start position at ply 0 and the live position at the last ply', () => {
    const start = pastBoard(SCHOLARS_MATE, 0);
    expect(Object.keys(start.placement)).toHaveLength(32);
    expect(start.lastMove).toBeUndefined();
    expect(pastBoard(SCHOLARS_MATE, 7)).toEqual(liveBoard(SCHOLARS_MATE));
  });

  it('draws the player move in flight from the position the server listed it leading to', () => {
    const board = pendingBoard(QXF7_MATE);
    expect(board.placement.f7).toBe('wQ');
    expect(board.placement.h5).toBeUndefined();
    expect(board.lastMove).toEqual({ from: 'h5', to: 'f7' });
    expect(board.checkSquare).toBe('e8');
  });

  it('draws castling in flight with the rook the server moved', () => {
    const castle = legalMove({ uci: 'e1g1', san: 'O-O', fen_after: 'r3k2r/1P6/8/3pP3/8/8/8/R4RK1 b kq - 1 1' });
    const board = pendingBoard(castle);
    expect([board.placement.g1, board.placement.f1, board.placement.h1]).toEqual(['wK', 'wR', undefined]);
    expect(board.checkSquare).toBeUndefined();
  });
});

describe('game facts', () => {
  it('writes the score sheet including the move in flight', () => {
    const rows = scoreRows({ ...SCHOLARS_MATE, moves: SCHOLARS_MATE.moves.slice(0, 6), ply: 6 }, { move: QXF7_MATE, ply: 6 });
    expect(rows.at(-1)).toEqual({ number: 4, white: { san: 'Qxf7#', ply: 7 } });
  });

  it("numbers Stockfish's line from the position after the move in flight", () => {
    const whiteToMove = { ...SCHOLARS_MATE, fen: BEFORE_MATE };
    expect(searchedPosition(whiteToMove, { move: QXF7_MATE, ply: 6 })).toEqual({ turn: 'black', fullmove: 4 });
    expect(searchedPosition(SCHOLARS_MATE, null)).toEqual({ turn: 'black', fullmove: 4 });
    const nf6 = legalMove({ uci: 'g8f6', san: 'Nf6', fen_after: BEFORE_MATE });
    const blackToMove = { ...SCHOLARS_MATE, player_color: 'black' as const, fen: BEFORE_NF6 };
    expect(searchedPosition(blackToMove, { move: nf6, ply: 5 })).toEqual({ turn: 'white', fullmove: 4 });
  });
});
