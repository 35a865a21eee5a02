import { useMemo, useRef, useState } from 'react';
import { Chessboard, ChessboardProvider, type ChessboardOptions, type PositionDataType } from 'react-chessboard';
import { pieceWords } from '../../../chess/squareWords';
import { isSquareName, opposite, type Color, type PieceCode, type Placement, type SquareName } from '../../../chess/types';
import { BoardKeyboard } from '../../../components/BoardKeyboard';
import { boardLook } from '../../../components/boardLook';
import { FileLabels } from '../../../components/FileLabels';
import { useQuietPieces } from '../../../components/quietPieces';
import { useSettings } from '../../../settings/useSettings';
import type { EditorAction } from '../model/editorAction';
import { PALETTE_PIECES, type EditorTool } from '../model/editing';
import { PiecePalette } from './PiecePalette';

interface Props {
  placement: Placement;
  orientation: Color;
  dispatch: (action: EditorAction) => void;
}

const NO_TARGETS: ReadonlySet<SquareName> = new Set();

const isPieceCode = (text: string): text is PieceCode => (PALETTE_PIECES as readonly string[]).includes(text);

/** react-chessboard's position shape: `{ e2: { pieceType: 'wP' } }`. */
function toPosition(placement: Placement): PositionDataType {
  const position: PositionDataType = {};
  for (const [square, piece] of Object.entries(placement)) if (piece) position[square] = { pieceType: piece };
  return position;
}

/**
 * The editor's board between the two palettes, all inside one `ChessboardProvider` so a palette piece
 * can be dragged onto a square. On the board a piece is dragged to another square, or off the board to
 * take it away; a click (or Enter on the keyboard grid) applies the palette's chosen piece or eraser.
 */
export function EditorBoard({ placement, orientation, dispatch }: Props) {
  const settings = useSettings();
  const [tool, setTool] = useState<EditorTool | null>(null);
  const [told, setTold] = useState('');
  const visual = useRef<HTMLDivElement>(null);
  useQuietPieces(visual);
  const position = useMemo(() => toPosition(placement), [placement]);

  /** A click or Enter on a square: the chosen tool's effect, said in words for the keyboard. */
  const applyAt = (square: SquareName) => {
    const here = placement[square];
    if (!tool) return setTold('Choose a piece or the eraser first.');
    dispatch({ kind: 'apply', square, tool });
    if (tool === 'eraser' || here === tool) setTold(here ? `Took the ${pieceWords(here)} off ${square}.` : `${square} is empty.`);
    else setTold(`Put a ${pieceWords(tool)} on ${square}.`);
  };

  const options: ChessboardOptions = {
    id: 'editor',
    position,
    boardOrientation: orientation,
    allowDragging: true,
    allowDragOffBoard: true,
    dragActivationDistance: 4,
    showAnimations: false,
    allowDrawingArrows: false,
    ...boardLook(settings.theme, settings.coordinates),
    // The library keeps the drop handler of the drag's start: this one needs nothing but `dispatch`.
    onPieceDrop: ({ piece, sourceSquare, targetSquare }) => {
      const target = targetSquare && isSquareName(targetSquare) ? targetSquare : null;
      if (piece.isSparePiece) {
        if (!target || !isPieceCode(piece.pieceType)) return false;
        dispatch({ kind: 'drop', square: target, piece: piece.pieceType });
        return true;
      }
      if (!isSquareName(sourceSquare)) return false;
      dispatch(target ? { kind: 'move', from: sourceSquare, to: target } : { kind: 'remove', square: sourceSquare });
      return true;
    },
    onSquareClick: ({ square }) => {
      if (isSquareName(square)) applyAt(square);
    },
  };

  const top = opposite(orientation);
  return (
    <ChessboardProvider options={options}>
      <div className="editor-board-column">
        <PiecePalette color={top} tool={tool} onTool={setTool} withEraser={top === 'white'} />
        <div className="board editor-board" data-orientation={orientation} data-theme={settings.theme} data-tool={tool ?? ''}>
          <div className="board-visual" ref={visual} aria-hidden="true">
            <Chessboard />
          </div>
          <BoardKeyboard
            placement={placement}
            orientation={orientation}
            selected={null}
            targets={NO_TARGETS}
            onActivate={applyAt}
            onCancel={() => {}}
          />
        </div>
        <FileLabels orientation={orientation} />
        <PiecePalette color={orientation} tool={tool} onTool={setTool} withEraser={orientation === 'white'} />
        <p className="sr-only" aria-live="polite" data-testid="editor-announcer">
          {told}
        </p>
      </div>
    </ChessboardProvider>
  );
}
