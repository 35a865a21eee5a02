import { useMemo, useReducer } from 'react';
import type { PositionRequest } from '../../../api/types';
import { usePositionPreview, type PreviewState } from '../../../positions/usePositionPreview';
import { possibleCastling, type CastlingRights } from '../model/castling';
import { editorReducer, type EditorAction } from '../model/editorAction';
import { editorFen, type EditorPosition } from '../model/editorPosition';
import { enPassantCandidates } from '../model/enPassant';
import type { SquareName } from '../../../chess/types';

export interface BoardEditor {
  position: EditorPosition;
  dispatch: (action: EditorAction) => void;
  /** The position as the FEN a game would start from. */
  fen: string;
  /** The castling rights the board allows (the others' checkboxes are disabled). */
  possible: CastlingRights;
  /** The squares that could be the en-passant square now. */
  candidates: SquareName[];
  /** What the server's FEN reader says of `fen` (asked once edits pause). */
  verdict: PreviewState;
  /** Whether a game can start here: the server accepted the position and someone has a move. */
  playable: boolean;
}

/**
 * The board editor's state: the position being built (one reducer), its FEN, and the server's verdict
 * on it through the same `POST /api/positions` preview the start screen uses, so the rules crate alone
 * says whether a position can be played (two kings of a colour, the side not to move in check, ...).
 */
export function useBoardEditor(initial: EditorPosition): BoardEditor {
  const [position, dispatch] = useReducer(editorReducer, initial);
  const fen = editorFen(position);
  // The preview asks about a request object; one per FEN, so an unchanged FEN asks nothing new.
  const request = useMemo((): PositionRequest => ({ fen }), [fen]);
  const verdict = usePositionPreview(request);
  const possible = useMemo(() => possibleCastling(position.placement), [position.placement]);
  const candidates = useMemo(() => enPassantCandidates(position.placement, position.turn), [position.placement, position.turn]);
  const playable = verdict.state === 'ready' && verdict.preview.legal_moves > 0;
  return { position, dispatch, fen, possible, candidates, verdict, playable };
}
