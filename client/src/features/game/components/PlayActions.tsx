import { useState } from 'react';
import { Icon } from '../../../components/Icon';
import { Confirm } from './Confirm';
import type { AvailableActions } from '../model/gameFacts';

interface Props {
  allowed: AvailableActions;
  hintLoading: boolean;
  /** A draw offer is waiting for Stockfish's answer. */
  offering: boolean;
  /** Training mode: no hint and no takeback. */
  training: boolean;
  /** Resign (and Abort, in its place) asks first (a setting). */
  confirmResign: boolean;
  /** The game counts for the rating: the first takeback or hint asks before it makes it casual. */
  rated: boolean;
  onHint: () => void;
  onTakeBack: () => void;
  onResign: () => void;
  onOfferDraw: () => void;
  onAbort: () => void;
  onClaimDraw: () => void;
}

/**
 * The player's moves-of-the-game actions, in a compact bar right under the board (where a thumb is
 * on a phone): hint and takeback (not in training), a draw offer or claim, and resign (asks first
 * unless the player turned that off). Until each side has made two moves ending the game aborts it
 * (as on lichess): Abort stands in place of Resign, with the same confirmation, and no draw is offered.
 */
export function PlayActions({ allowed, hintLoading, offering, training, confirmResign, rated, ...on }: Props) {
  const [confirming, setConfirming] = useState(false);
  const aborting = allowed.abortWindow;
  const [casualFor, setCasualFor] = useState<'hint' | 'takeback' | null>(null);
  if (casualFor) {
    const takeback = casualFor === 'takeback';
    return (
      <div className="play-bar">
        <Confirm
          label={takeback ? 'Confirm takeback' : 'Confirm hint'}
          question={`${takeback ? 'Take back' : 'Use a hint'}? This game will no longer count for your rating (it becomes casual).`}
          yes={takeback ? 'Yes, take back' : 'Yes, show a hint'}
          testId="confirm-casual"
          onYes={takeback ? on.onTakeBack : on.onHint}
          onNo={() => setCasualFor(null)}
        />
      </div>
    );
  }
  if (confirming) {
    // Abort stands in Resign's place, with the same confirmation worded for what it does.
    return (
      <div className="play-bar">
        <Confirm
          {...(aborting
            ? {
                label: 'Confirm abort',
                question: 'Abort this game? It ends with no result, not rated and not reviewed.',
                yes: 'Yes, abort',
                testId: 'confirm-abort',
                onYes: on.onAbort,
              }
            : {
                label: 'Confirm resignation',
                question: 'Resign this game?',
                yes: 'Yes, resign',
                testId: 'confirm-resign',
                onYes: on.onResign,
              })}
          onNo={() => setConfirming(false)}
        />
      </div>
    );
  }
  return (
    <div className="play-bar actions" role="group" aria-label="Your actions" data-testid="play-actions">
      {!training && (
        <button
          type="button"
          onClick={rated ? () => setCasualFor('hint') : on.onHint}
          disabled={!allowed.hint || hintLoading}
          aria-busy={hintLoading}
          data-testid="hint-button"
          aria-label="Hint: Stockfish's suggestion for your move"
          title="Hint: Stockfish's suggestion, as an arrow"
        >
          <Icon name="hint" /> {hintLoading ? 'Hint…' : 'Hint'}
        </button>
      )}
      {!training && (
        <button
          type="button"
          onClick={rated ? () => setCasualFor('takeback') : on.onTakeBack}
          disabled={!allowed.takeBack}
          data-testid="takeback"
          aria-label="Takeback: take back your last move"
        >
          <Icon name="takeback" /> Takeback
        </button>
      )}
      {!aborting && (
        <button
          type="button"
          onClick={on.onOfferDraw}
          disabled={!allowed.offerDraw || offering}
          aria-busy={offering}
          data-testid="offer-draw"
          title="Offer Stockfish a draw"
        >
          <Icon name="draw" /> {offering ? 'Offering…' : 'Offer draw'}
        </button>
      )}
      {allowed.claimDraw && (
        <button
          type="button"
          className="primary"
          onClick={on.onClaimDraw}
          data-testid="claim-draw"
          title="Claim a draw by threefold repetition or the fifty-move rule"
        >
          Claim draw
        </button>
      )}
      {aborting ? (
        <button
          type="button"
          onClick={confirmResign ? () => setConfirming(true) : on.onAbort}
          disabled={!allowed.abort}
          data-testid="abort"
          aria-label="Abort"
          title="End the game with no result: not rated, not reviewed (until each side has made two moves)"
        >
          <Icon name="abort" /> Abort
        </button>
      ) : (
        <button
          type="button"
          onClick={confirmResign ? () => setConfirming(true) : on.onResign}
          disabled={!allowed.resign}
          data-testid="resign"
          aria-label="Resign"
        >
          <Icon name="flag" /> Resign
        </button>
      )}
    </div>
  );
}
