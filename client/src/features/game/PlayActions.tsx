import { useState } from 'react';
import { Icon } from '../../components/Icon';
import { Confirm } from './Confirm';

interface Props {
  canTakeBack: boolean;
  canResign: boolean;
  canHint: boolean;
  hintLoading: boolean;
  onHint: () => void;
  onTakeBack: () => void;
  onResign: () => void;
}

/**
 * The player's moves-of-the-game actions, in a compact bar right under the board (where a thumb is
 * on a phone): hint, takeback, and resign (asks first).
 */
export function PlayActions({ canTakeBack, canResign, canHint, hintLoading, onHint, onTakeBack, onResign }: Props) {
  const [confirming, setConfirming] = useState(false);
  if (confirming) {
    return (
      <div className="play-bar">
        <Confirm label="Confirm resignation" question="Resign this game?" yes="Yes, resign" testId="confirm-resign" onYes={onResign} onNo={() => setConfirming(false)} />
      </div>
    );
  }
  return (
    <div className="play-bar actions" role="group" aria-label="Your actions" data-testid="play-actions">
      <button
        type="button"
        onClick={onHint}
        disabled={!canHint || hintLoading}
        aria-busy={hintLoading}
        data-testid="hint-button"
        aria-label="Show Stockfish's suggestion for your move"
        title="Hint: Stockfish's suggestion, as an arrow"
      >
        <Icon name="hint" /> {hintLoading ? 'Hint…' : 'Hint'}
      </button>
      <button type="button" onClick={onTakeBack} disabled={!canTakeBack} data-testid="takeback" aria-label="Take back your last move">
        <Icon name="takeback" /> Takeback
      </button>
      <button type="button" onClick={() => setConfirming(true)} disabled={!canResign} data-testid="resign" aria-label="Resign">
        <Icon name="flag" /> Resign
      </button>
    </div>
  );
}
