import { useState } from 'react';
import { describeError } from '../../../api/apiError';
import { Icon } from '../../../components/Icon';
import { copyText } from '../../../components/copyText';
import { downloadText } from '../hooks/downloadText';

interface Props {
  /** The PGN as it should be exported now (saving the game's tree first when it has to). */
  pgn: () => Promise<string>;
  fileName: string;
  /** What the export writes, when it is not what the board shows (see `exportNote`). */
  note?: string;
}

/**
 * What a game's export writes once a variation was promoted: the game's own PGN keeps the moves as
 * played as its main line (as lichess's game export does), with the player's lines as variations,
 * so the promoted line is not the main line there. `null` when the export is what the board shows.
 */
export function exportNote(ofGame: boolean, promoted: boolean): string | null {
  return ofGame && promoted ? 'The PGN keeps the game as played as its main line; your promoted line is in it as a variation.' : null;
}

/** "Download PGN" and "Copy PGN": the tree with its variations in parentheses and comments in braces. */
export function ExportActions({ pgn, fileName, note: what }: Props) {
  const [note, setNote] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (deliver: (text: string) => Promise<string> | string) => {
    setBusy(true);
    setNote(null);
    try {
      setNote({ text: await deliver(await pgn()), failed: false });
    } catch (error) {
      setNote({ text: `The PGN could not be made: ${describeError(error)}`, failed: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="analysis-export">
      <div className="analysis-export-actions">
        <button
          type="button"
          disabled={busy}
          data-testid="analysis-download"
          onClick={() =>
            void run((text) => {
              downloadText(text, fileName);
              return 'PGN downloaded.';
            })
          }
        >
          <Icon name="download" /> Download PGN
        </button>
        <button
          type="button"
          disabled={busy}
          data-testid="analysis-copy"
          onClick={() =>
            void run(async (text) => ((await copyText(text)) ? 'PGN copied to the clipboard.' : 'The clipboard refused the PGN.'))
          }
        >
          <Icon name="copy" /> Copy PGN
        </button>
      </div>
      {what && (
        <p className="analysis-note" data-testid="export-note">
          {what}
        </p>
      )}
      {note && (
        <p className={note.failed ? 'field-error' : 'analysis-note'} role="status">
          {note.text}
        </p>
      )}
    </div>
  );
}
