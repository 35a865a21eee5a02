import { useState } from 'react';

/** What the Chess960 choice asks the server for: nothing (standard chess), a setup, or why not yet. */
export type Chess960Request = { variant: 'chess960'; position?: number } | null | string;

/**
 * The text of the setup-number field read as a request: empty is a random setup, a whole number
 * from 0 to 959 is that setup (Scharnagl's numbering, 518 is the standard one), anything else a
 * message saying what is wrong.
 */
export function chess960Request(enabled: boolean, text: string): Chess960Request {
  if (!enabled) return null;
  const trimmed = text.trim();
  if (trimmed === '') return { variant: 'chess960' };
  const number = Number(trimmed);
  if (!/^\d+$/.test(trimmed) || number > 959) return 'The setup number runs from 0 to 959.';
  return { variant: 'chess960', position: number };
}

interface Props {
  /** Called with the request part on every change. */
  onChange: (request: Chess960Request) => void;
}

/** "Chess960": a random back-rank setup, or the one with the number typed in. */
export function Chess960Choice({ onChange }: Props) {
  const [enabled, setEnabled] = useState(false);
  const [text, setText] = useState('');
  const update = (nextEnabled: boolean, nextText: string) => {
    setEnabled(nextEnabled);
    setText(nextText);
    onChange(chess960Request(nextEnabled, nextText));
  };
  const request = chess960Request(enabled, text);
  return (
    <fieldset className="chess960-choice">
      <legend>Variant</legend>
      <label className="toggle">
        <input type="checkbox" checked={enabled} onChange={(event) => update(event.target.checked, text)} data-testid="chess960" />
        Chess960 (Fischer Random)
      </label>
      {enabled && (
        <label className="chess960-number">
          Setup number (0–959, empty for a random one)
          <input
            type="text"
            inputMode="numeric"
            value={text}
            placeholder="random"
            onChange={(event) => update(true, event.target.value)}
            data-testid="chess960-number"
          />
        </label>
      )}
      {typeof request === 'string' && <p className="field-error">{request}</p>}
    </fieldset>
  );
}
