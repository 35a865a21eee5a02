import type { Color, PieceCode, SquareName } from '../../../chess/types';
import type { CastlingRight } from './castling';
import { applyTool, movePiece, setSquare, type EditorTool } from './editing';
import { EMPTY_POSITION, START_POSITION, type EditorPosition } from './editorPosition';

/** Every change the editor's controls make, one reducer so the board, the fields and the FEN never disagree. */
export type EditorAction =
  | { kind: 'apply'; square: SquareName; tool: EditorTool }
  | { kind: 'drop'; square: SquareName; piece: PieceCode }
  | { kind: 'move'; from: SquareName; to: SquareName }
  | { kind: 'remove'; square: SquareName }
  | { kind: 'clear' }
  | { kind: 'start' }
  | { kind: 'load'; position: EditorPosition }
  | { kind: 'turn'; turn: Color }
  | { kind: 'castling'; right: CastlingRight; on: boolean }
  | { kind: 'enPassant'; square: SquareName | null };

export function editorReducer(position: EditorPosition, action: EditorAction): EditorPosition {
  switch (action.kind) {
    case 'apply':
      return { ...position, placement: applyTool(position.placement, action.square, action.tool) };
    case 'drop':
      return { ...position, placement: setSquare(position.placement, action.square, action.piece) };
    case 'move':
      return { ...position, placement: movePiece(position.placement, action.from, action.to) };
    case 'remove':
      return { ...position, placement: setSquare(position.placement, action.square, null) };
    case 'clear':
      return { ...EMPTY_POSITION, turn: position.turn };
    case 'start':
      return START_POSITION;
    case 'load':
      return action.position;
    case 'turn':
      return { ...position, turn: action.turn };
    case 'castling':
      return { ...position, castling: { ...position.castling, [action.right]: action.on } };
    case 'enPassant':
      return { ...position, enPassant: action.square };
  }
}
