import './editor.css';
import { useState } from 'react';
import { colorName } from '../../../chess/describe';
import { opposite, type Color } from '../../../chess/types';
import { Icon } from '../../../components/Icon';
import type { PreviewState } from '../../../positions/usePositionPreview';
import { useBoardEditor } from '../hooks/useBoardEditor';
import { parseEditorFen, START_POSITION } from '../model/editorPosition';
import { positionProblem } from '../model/positionProblem';
import { EditorBoard } from './EditorBoard';
import { FenFields } from './FenFields';
import { PositionControls } from './PositionControls';

interface Props {
  /** The position to start editing (the start screen's pasted FEN); the standard start without one. */
  initialFen?: string;
  /** Hands the position to the start screen, which starts the game (side, level, clock) from it. */
  onPlay: (fen: string) => void;
  /** Opens the analysis board on the position. */
  onAnalyse: (fen: string) => void;
  onBack: () => void;
}

/** What the server said of the position, as a sentence. */
function verdictText(verdict: PreviewState): string {
  switch (verdict.state) {
    case 'empty':
    case 'loading':
      return 'Checking the position…';
    case 'invalid':
      return positionProblem(verdict.message);
    case 'ready':
      return verdict.preview.legal_moves === 0
        ? `${colorName(verdict.preview.turn)} to move has no legal move: there is no game to play here.`
        : `A legal position, ${colorName(verdict.preview.turn).toLowerCase()} to move.`;
  }
}

/**
 * The board editor (issue #26): build a position with the palettes, drag and clicks, set the side to
 * move, castling and en passant, watch its FEN and the server's verdict, then play Stockfish from it
 * through the start screen. Loaded on demand (`React.lazy` in `app/App.tsx`), so its code stays out
 * of the first page's bundle.
 */
export function BoardEditor({ initialFen, onPlay, onAnalyse, onBack }: Props) {
  const [initial] = useState(() => {
    const parsed = initialFen ? parseEditorFen(initialFen) : undefined;
    return parsed?.ok ? parsed.position : START_POSITION;
  });
  const editor = useBoardEditor(initial);
  const [orientation, setOrientation] = useState<Color>('white');
  const { verdict } = editor;

  return (
    <div className="editor-screen" data-testid="board-editor" data-playable={editor.playable ? 'true' : 'false'}>
      <h1 className="sr-only">Board editor</h1>
      <EditorBoard placement={editor.position.placement} orientation={orientation} dispatch={editor.dispatch} />
      <section className="editor-panel" aria-label="Position">
        <div className="editor-actions">
          <button type="button" onClick={() => editor.dispatch({ kind: 'clear' })} data-testid="editor-clear">
            Clear board
          </button>
          <button type="button" onClick={() => editor.dispatch({ kind: 'start' })} data-testid="editor-start">
            Start position
          </button>
          <button type="button" onClick={() => setOrientation(opposite)} data-testid="editor-flip">
            <Icon name="flip" /> Flip
          </button>
        </div>
        <PositionControls position={editor.position} possible={editor.possible} candidates={editor.candidates} dispatch={editor.dispatch} />
        <FenFields fen={editor.fen} dispatch={editor.dispatch} />
        <p className="editor-verdict" aria-live="polite" data-testid="editor-verdict" data-state={verdict.state}>
          {verdictText(verdict)}
        </p>
        <div className="editor-play">
          <button
            type="button"
            className="primary"
            disabled={!editor.playable}
            onClick={() => onPlay(editor.fen)}
            data-testid="editor-play"
          >
            Play from here
          </button>
          <button type="button" disabled={!editor.playable} onClick={() => onAnalyse(editor.fen)} data-testid="editor-analyse">
            Analyse
          </button>
          <button type="button" onClick={onBack} data-testid="editor-back">
            Back
          </button>
        </div>
      </section>
    </div>
  );
}
