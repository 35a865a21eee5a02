import { type FormEvent, useState } from 'react';
import { adoptKeyGames } from '../api/keyGames';
import { adoptPlayerKey, playerKey } from '../api/playerKey';
import { KeyInput } from './KeyInput';

/**
 * Settings' "Your key": the key this browser plays under (its games and its one rating), shown to
 * copy to another device or the CLI (`alphachess --key …`), and a field to use a key from another
 * device here instead (its games join "My games").
 */
export function PlayerKeySetting() {
  const [key, setKey] = useState(playerKey);
  const [shown, setShown] = useState(false);
  const [pasted, setPasted] = useState('');
  const [message, setMessage] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!adoptPlayerKey(pasted)) {
      setMessage('A key is at least 22 characters of letters, digits, - and _ (8 different at least).');
      return;
    }
    const now = playerKey();
    setKey(now);
    setPasted('');
    setMessage('This browser now plays under that key: its rating and games are yours here.');
    adoptKeyGames(now).catch(() => undefined);
  };

  return (
    <fieldset className="player-key" data-testid="player-key-setting">
      <legend>Your key</legend>
      <p>Your games and your rating follow this key. Copy it to play on another device or in the terminal client.</p>
      <div className="key-form-row">
        <input
          readOnly
          aria-label="Your key"
          type={shown ? 'text' : 'password'}
          value={key}
          onFocus={(event) => event.target.select()}
          data-testid="player-key-value"
        />
        <button type="button" onClick={() => setShown((value) => !value)} data-testid="player-key-show">
          {shown ? 'Hide' : 'Show'}
        </button>
      </div>
      <form onSubmit={submit}>
        <label htmlFor="player-key-paste">Have a key from another device? Use it here:</label>
        <div className="key-form-row">
          <KeyInput id="player-key-paste" value={pasted} onChange={setPasted} testId="player-key-input" />
          <button type="submit" data-testid="player-key-use">
            Use this key
          </button>
        </div>
      </form>
      {message && (
        <p role="status" data-testid="player-key-message">
          {message}
        </p>
      )}
    </fieldset>
  );
}
