import { useState } from 'react';
import type { GameView, NewGameRequest } from '../../../api/types';
import { colorName } from '../../../chess/describe';
import { turnFromFen } from '../../../chess/placement';
import type { Color } from '../../../chess/types';
import { canPlayFrom, fenAt, playFromHereRequest } from '../model/nextGame';

interface Props {
  view: GameView;
  /** The ply on the board (the selected one in review). */
  ply: number;
  onStart: (request: NewGameRequest) => void;
  starting: boolean;
  /** Why the new game could not be started (when no game-over panel says it). */
  error: string | null;
  /** Watching without the token: there is no "player's colour" to default to. */
  spectator: boolean;
}

/**
 * "Play from here": a new game against Stockfish from the position on the board, same level and clock.
 * The side defaults to the player's colour in this game (they carry on with their own side, whoever is
 * to move there; a spectator, who has none, gets the side to move); the choice lets them take the other.
 */
export function PlayFromHere({ view, ply, onStart, starting, error, spectator }: Props) {
  const toMove = ply <= view.ply ? turnFromFen(fenAt(view, ply)) : view.turn;
  // The parent keys this by ply, so the default is taken afresh at each position.
  const [color, setColor] = useState<Color>(spectator ? toMove : view.player_color);
  if (!canPlayFrom(view, ply)) return null;
  return (
    <div className="play-from-here" data-testid="play-from-here">
      <label>
        Play from here as{' '}
        <select value={color} onChange={(event) => setColor(event.target.value as Color)} data-testid="play-from-here-color">
          {(['white', 'black'] as const).map((side) => (
            <option key={side} value={side}>
              {colorName(side)}
              {side === toMove ? ' (to move)' : ''}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        disabled={starting}
        onClick={() => onStart(playFromHereRequest(view, ply, color))}
        data-testid="play-from-here-start"
      >
        {starting ? 'Starting…' : 'Play from here'}
      </button>
      {error && (
        <p className="notice" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
