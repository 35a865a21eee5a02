import { useState, type FormEvent } from 'react';
import type { EditorAction } from '../model/editorAction';
import { parseEditorFen } from '../model/editorPosition';

interface Props {
  fen: string;
  dispatch: (action: EditorAction) => void;
}

/**
 * The FEN of the board as it stands (read-only, copyable), and a field that loads a pasted FEN onto the
 * board. A FEN that is not one in form is refused here with the field at fault; one that is read is
 * put on the board, and the server judges it like any other position built there.
 */
export function FenFields({ fen, dispatch }: Props) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** The FEN last copied: the button says so until the board changes. */
  const [copiedFen, setCopiedFen] = useState<string | null>(null);

  const load = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseEditorFen(text);
    if (!parsed.ok) return setProblem(parsed.message);
    setProblem(null);
    setText('');
    dispatch({ kind: 'load', position: parsed.position });
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(fen);
      setCopiedFen(fen);
    } catch {
      // No clipboard (an insecure page, or permission refused): the field can still be selected and copied.
      setCopiedFen(null);
    }
  };

  return (
    <div className="fen-fields">
      <label htmlFor="editor-fen">FEN</label>
      <div className="fen-row">
        <input
          id="editor-fen"
          readOnly
          value={fen}
          spellCheck={false}
          onFocus={(event) => event.target.select()}
          data-testid="editor-fen"
        />
        <button type="button" onClick={copy} data-testid="editor-copy-fen">
          {copiedFen === fen ? 'Copied' : 'Copy'}
        </button>
      </div>
      <form className="fen-load" onSubmit={load}>
        <label htmlFor="editor-load">Load a FEN</label>
        <div className="fen-row">
          <input
            id="editor-load"
            value={text}
            spellCheck={false}
            onChange={(event) => setText(event.target.value)}
            placeholder="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
            aria-invalid={problem !== null}
            aria-describedby="editor-load-problem"
            data-testid="editor-load"
          />
          <button type="submit" data-testid="editor-load-button">
            Load
          </button>
        </div>
        <p id="editor-load-problem" className="editor-problem" aria-live="polite" data-testid="editor-load-problem">
          {problem}
        </p>
      </form>
    </div>
  );
}
