import type { GameView, LegalMove } from '../../api/types';
import { moverOfPly } from '../../chess/moveList';
import { applyUci, kingSquare, parseUci, placementFromFen, turnFromFen } from '../../chess/placement';
import type { Placement, SquareName } from '../../chess/types';
import { opposite } from '../../chess/types';

/** What the board shows: pieces and highlights, for the live position, a pending move or a past ply. */
export interface BoardState {
  placement: Placement;
  lastMove?: { from: SquareName; to: SquareName };
  checkSquare?: SquareName;
}

/** The placements after each ply, index 0 being the initial position; replayed from server-validated moves. */
export function placementsByPly(view: GameView): Placement[] {
  const placements: Placement[] = [placementFromFen(view.initial_fen)];
  for (const move of view.moves) placements.push(applyUci(placements[placements.length - 1], move.uci));
  return placements;
}

function givesCheck(san: string): boolean {
  return san.includes('+') || san.includes('#');
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

/** The live position with the player's move drawn on it while the server answers. */
export function pendingBoard(view: GameView, move: LegalMove): BoardState {
  const placement = applyUci(placementFromFen(view.fen), move.uci);
  return {
    placement,
    lastMove: { from: move.from, to: move.to },
    checkSquare: givesCheck(move.san) ? kingSquare(placement, opposite(view.turn)) : undefined,
  };
}

/** A past position (ply 0 is the start), for looking back through the game. */
export function pastBoard(view: GameView, placements: readonly Placement[], ply: number): BoardState {
  const placement = placements[ply];
  if (ply === 0) return { placement };
  const move = view.moves[ply - 1];
  const squares = parseUci(move.uci);
  const mover = moverOfPly(ply, turnFromFen(view.initial_fen));
  return {
    placement,
    lastMove: squares ? { from: squares.from, to: squares.to } : undefined,
    checkSquare: givesCheck(move.san) ? kingSquare(placement, opposite(mover)) : undefined,
  };
}
