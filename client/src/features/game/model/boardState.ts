import type { GameView, LegalMove } from '../../../api/types';
import { kingSquare, parseUci, placementFromFen, turnFromFen } from '../../../chess/placement';
import type { Placement, SquareName } from '../../../chess/types';

/**
 * What the board shows: pieces and highlights, for the live position, a pending move or a past ply.
 * Every position comes from a FEN the server computed (`fen`, a move's `fen_after`, `initial_fen`).
 */
export interface BoardState {
  placement: Placement;
  lastMove?: { from: SquareName; to: SquareName };
  checkSquare?: SquareName;
}

function givesCheck(san: string): boolean {
  return san.includes('+') || san.includes('#');
}

/** The position a move led to, with the move and, if it checks, the checked king highlighted. */
function boardAfter(move: { uci: string; san: string; fen_after: string }): BoardState {
  const placement = placementFromFen(move.fen_after);
  const squares = parseUci(move.uci);
  return {
    placement,
    lastMove: squares ? { from: squares.from, to: squares.to } : undefined,
    checkSquare: givesCheck(move.san) ? kingSquare(placement, turnFromFen(move.fen_after)) : undefined,
  };
}

/** The live position, from the server's FEN and flags. */
export function liveBoard(view: GameView): BoardState {
  const placement = placementFromFen(view.fen);
  const last = view.last_move;
  return {
    placement,
    lastMove: last ? { from: last.from, to: last.to } : undefined,
    checkSquare: view.check ? kingSquare(placement, view.turn) : undefined,
  };
}

/** The player's move drawn while the server answers: the position the server listed it leading to. */
export function pendingBoard(move: LegalMove): BoardState {
  return boardAfter(move);
}

/** A past position (ply 0 is the start), for looking back through the game. */
export function pastBoard(view: GameView, ply: number): BoardState {
  if (ply === 0) return { placement: placementFromFen(view.initial_fen) };
  return boardAfter(view.moves[ply - 1]);
}
