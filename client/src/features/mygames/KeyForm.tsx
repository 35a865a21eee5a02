import { type FormEvent, useState } from 'react';
import { describeError } from '../../api/apiError';
import { adoptKeyGames, looksLikeKey } from '../../api/keyGames';
import { KeyInput } from '../../components/KeyInput';

/**
 * "Have a key?": the games a key holds (created with a lichess client, or on another device) join
 * this browser's list when the player pastes it.
 */
export function KeyForm({ onAdopted }: { onAdopted: () => void }) {
  const [key, setKey] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = key.trim();
    if (!looksLikeKey(text)) {
      setMessage('A key is at least 22 characters of letters, digits, - and _.');
      return;
    }
    setBusy(true);
    adoptKeyGames(text)
      .then((count) => {
        setMessage(count === 0 ? 'This key has no games on this server.' : `${count} ${count === 1 ? 'game' : 'games'} added.`);
        setKey('');
        onAdopted();
      })
      .catch((cause: unknown) => setMessage(describeError(cause)))
      .finally(() => setBusy(false));
  };

  return (
    <form className="key-form" onSubmit={submit} data-testid="key-form">
      <label htmlFor="player-key">Have a key? Paste it to bring its games here.</label>
      <div className="key-form-row">
        <KeyInput id="player-key" value={key} onChange={setKey} testId="key-input" />
        <button type="submit" disabled={busy}>
          Add games
        </button>
      </div>
      {message && (
        <p role="status" data-testid="key-message">
          {message}
        </p>
      )}
    </form>
  );
}
