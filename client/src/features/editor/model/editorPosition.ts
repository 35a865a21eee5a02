import { placementFromFen } from '../../../chess/placement';
import { START_FEN } from '../../../chess/startPosition';
import { isSquareName, type Color, type Placement, type SquareName } from '../../../chess/types';
import { boardField, placementFromBoardField } from './boardField';
import { ALL_CASTLING, castlingField, castlingFromField, NO_CASTLING, type CastlingRights } from './castling';
import { enPassantCandidates } from './enPassant';

/**
 * What the board editor holds: the pieces, the side to move, the castling rights ticked and the
 * en-passant square chosen. The last two are the player's wishes; `editorFen` writes only what the
 * board allows of them, so the FEN never carries a right or a square the pieces contradict.
 */
export interface EditorPosition {
  placement: Placement;
  turn: Color;
  castling: CastlingRights;
  enPassant: SquareName | null;
}

export const EMPTY_POSITION: EditorPosition = { placement: {}, turn: 'white', castling: NO_CASTLING, enPassant: null };

export const START_POSITION: EditorPosition = {
  placement: placementFromFen(START_FEN),
  turn: 'white',
  castling: ALL_CASTLING,
  enPassant: null,
};

/** The position as a FEN: a set-up position starts a game, so halfmove clock 0 and move 1. */
export function editorFen({ placement, turn, castling, enPassant }: EditorPosition): string {
  const ep = enPassant && enPassantCandidates(placement, turn).includes(enPassant) ? enPassant : '-';
  return `${boardField(placement)} ${turn === 'white' ? 'w' : 'b'} ${castlingField(castling, placement)} ${ep} 0 1`;
}

export type ParsedFen = { ok: true; position: EditorPosition } | { ok: false; message: string };

/**
 * Reads a pasted FEN into the editor: its syntax only (the board, side, castling letters `KQkq` and
 * en-passant square); whether the position can happen is the server's to say once it is on the board.
 * The clocks are dropped: the editor always writes `0 1`. Missing castling and en-passant fields read
 * as `-`, as lichess's editor does.
 */
export function parseEditorFen(text: string): ParsedFen {
  const fields = text.trim().split(/\s+/);
  if (fields[0] === '') return { ok: false, message: 'Paste a FEN first.' };
  if (fields.length > 6) return { ok: false, message: 'A FEN has at most six fields.' };
  const placement = placementFromBoardField(fields[0]);
  if (!placement)
    return { ok: false, message: 'The board field must be eight ranks of eight squares, written with the letters PNBRQK and pnbrqk.' };
  const side = fields[1] ?? 'w';
  if (side !== 'w' && side !== 'b') return { ok: false, message: 'The side to move must be w or b.' };
  const castling = castlingFromField(fields[2] ?? '-');
  if (!castling) return { ok: false, message: 'The castling field must be - or letters of KQkq (the editor sets up standard chess).' };
  const ep = fields[3] ?? '-';
  if (ep !== '-' && !isSquareName(ep)) return { ok: false, message: 'The en-passant field must be - or a square.' };
  return { ok: true, position: { placement, turn: side === 'w' ? 'white' : 'black', castling, enPassant: ep === '-' ? null : ep } };
}
