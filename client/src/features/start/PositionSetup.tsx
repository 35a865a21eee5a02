import { lazy, Suspense } from 'react';
import { movesText } from '../../chess/moveCount';
import type { Color } from '../../chess/types';
import { colorName } from '../../chess/describe';
import type { PreviewState } from '../../positions/usePositionPreview';

/**
 * The preview's picture comes in its own chunk: it draws react-chessboard's pieces, and the start
 * page should not carry the board library for a picture shown only once a pasted position is read.
 */
const BoardThumbnail = lazy(() => import('../../components/BoardThumbnail').then((module) => ({ default: module.BoardThumbnail })));

interface Props {
  text: string;
  onText: (text: string) => void;
  preview: PreviewState;
  /** The side the player chose, to turn the preview board their way. */
  orientation: Color;
  /** Opens the board editor, on the position shown if there is one. */
  onSetUpBoard: () => void;
  /** Opens the text on the analysis board (the board says if the server cannot read it); absent while there is none. */
  onAnalyse?: () => void;
}

/**
 * "From a position": paste a FEN or a PGN, see the position the server reads from it, or its parser's
 * complaint; or set up a board in the editor, which hands its FEN back here.
 */
export function PositionSetup({ text, onText, preview, orientation, onSetUpBoard, onAnalyse }: Props) {
  return (
    <div className="position-setup">
      <label htmlFor="position-text">Paste a FEN or a PGN</label>
      <textarea
        id="position-text"
        value={text}
        onChange={(event) => onText(event.target.value)}
        rows={3}
        spellCheck={false}
        placeholder="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1   or   1. e4 e5 2. Nf3"
        aria-invalid={preview.state === 'invalid'}
        aria-describedby="position-status"
        data-testid="position-text"
      />
      <div id="position-status" aria-live="polite">
        {preview.state === 'loading' && <p className="position-note">Reading the position…</p>}
        {preview.state === 'invalid' && (
          <p className="field-error" data-testid="position-error">
            {preview.message}
          </p>
        )}
      </div>
      {preview.state === 'ready' && (
        <div className="position-preview" data-testid="position-preview" data-fen={preview.preview.fen}>
          <Suspense fallback={<span className="board-thumbnail" aria-hidden="true" />}>
            <BoardThumbnail
              fen={preview.preview.fen}
              orientation={orientation}
              label={`The position to start from, ${colorName(preview.preview.turn).toLowerCase()} to move`}
            />
          </Suspense>
          <p className="position-note">
            {colorName(preview.preview.turn)} to move
            {preview.preview.ply > 0 && `, after ${movesText(preview.preview.ply)}`}
            {preview.preview.legal_moves === 0 && ' (no legal moves: the game is over here)'}.
          </p>
        </div>
      )}
      <div className="position-setup-actions">
        <button type="button" className="set-up-board" onClick={onSetUpBoard} data-testid="set-up-board">
          Set up a board
        </button>
        <button type="button" className="set-up-board" onClick={onAnalyse} disabled={!onAnalyse} data-testid="position-analyse">
          Analyse
        </button>
      </div>
    </div>
  );
}
