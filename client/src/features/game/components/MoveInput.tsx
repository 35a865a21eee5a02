import { type FormEvent, useState } from 'react';
import type { LegalMove } from '../../../api/types';
import { readTypedMove } from '../model/typedMove';
import './moveInput.css';

interface Props {
  /** Whether a move may be typed now (the player's turn, nothing in flight). */
  enabled: boolean;
  legalMoves: readonly LegalMove[];
  /** Sends the listed move the text names; resolves to the server's refusal of it, for under the box, or null. */
  onSubmit: (move: LegalMove) => Promise<string | null>;
}

/**
 * Typed moves, as on lichess: `e4`, `Nf3`, `e2e4`, `O-O`, then Enter. The text is looked up in the
 * server's list of legal moves (`readTypedMove`): a text that names none is refused here, without a
 * request the server would answer 4xx; one that names a move sends that move. A refusal shows just
 * above the box (in view, where the box is at the screen's bottom edge) and is announced; the box
 * keeps the text to correct.
 */
export function MoveInput({ enabled, legalMoves, onSubmit }: Props) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const move = text.trim();
    if (!move || !enabled || sending) return;
    const typed = readTypedMove(legalMoves, move);
    if (typed.kind === 'refused') {
      setError(typed.message);
      return;
    }
    setSending(true);
    setError(null);
    const refusal = await onSubmit(typed.move);
    setSending(false);
    if (refusal) setError(refusal);
    else setText('');
  };

  return (
    <form className="move-input" onSubmit={(event) => void submit(event)} data-testid="move-input-form">
      <input
        type="text"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        placeholder={enabled ? 'Type a move: e4, Nf3, O-O' : 'Type your move when it is your turn'}
        aria-label="Type a move (e4, Nf3, e2e4, O-O) and press Enter"
        aria-invalid={error !== null}
        aria-describedby={error ? 'move-input-error' : undefined}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={16}
        data-testid="move-input"
      />
      {error && (
        <p className="move-input-error" id="move-input-error" role="alert" data-testid="move-input-error">
          {error}
        </p>
      )}
    </form>
  );
}
