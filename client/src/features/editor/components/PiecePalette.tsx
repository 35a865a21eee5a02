import { useRef } from 'react';
import { SparePiece } from 'react-chessboard';
import { pieceWords } from '../../../chess/squareWords';
import type { Color } from '../../../chess/types';
import { useQuietPieces } from '../../../components/quietPieces';
import { PALETTE_PIECES, type EditorTool } from '../model/editing';

interface Props {
  color: Color;
  tool: EditorTool | null;
  onTool: (tool: EditorTool | null) => void;
  /** The eraser sits with white's pieces, under the board. */
  withEraser?: boolean;
}

/** `white knight` → `White knight`. */
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * One side's six pieces: each a named button that picks the piece for clicks (or Enter on a square),
 * and a react-chessboard `SparePiece` that can be dragged onto the board. Pressing the chosen piece
 * again puts it down.
 */
export function PiecePalette({ color, tool, onTool, withEraser = false }: Props) {
  const root = useRef<HTMLDivElement>(null);
  useQuietPieces(root);
  const pieces = PALETTE_PIECES.filter((piece) => piece[0] === color[0]);
  return (
    <div className="piece-palette" role="group" aria-label={`${capitalized(color)} pieces`} ref={root} data-testid={`palette-${color}`}>
      {pieces.map((piece) => (
        <button
          key={piece}
          type="button"
          className={`palette-piece${tool === piece ? ' chosen' : ''}`}
          aria-label={capitalized(pieceWords(piece))}
          aria-pressed={tool === piece}
          data-piece-tool={piece}
          onClick={() => onTool(tool === piece ? null : piece)}
        >
          <span className="palette-piece-drag" aria-hidden="true">
            <SparePiece pieceType={piece} />
          </span>
        </button>
      ))}
      {withEraser && (
        <button
          type="button"
          className={`palette-piece eraser${tool === 'eraser' ? ' chosen' : ''}`}
          aria-pressed={tool === 'eraser'}
          data-piece-tool="eraser"
          onClick={() => onTool(tool === 'eraser' ? null : 'eraser')}
        >
          <span aria-hidden="true">✕</span>
          <span className="sr-only">Eraser</span>
        </button>
      )}
    </div>
  );
}
