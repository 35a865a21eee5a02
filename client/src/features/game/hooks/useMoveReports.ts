import { useCallback, useState } from 'react';
import type { GameView, PlayedMove } from '../../../api/types';
import { describeEnd } from '../../../chess/describe';
import { sanWords } from '../../../chess/sanWords';
import { playSound } from '../../../sound/play';
import { soundForEnd, soundForSan } from '../../../sound/soundFor';

/** How long the game-end sound waits after the last move's sound, so both are heard. */
const END_SOUND_DELAY_MS = 280;

/** The result, in one sentence for the live region: "Game over: Stockfish won by checkmate." */
export function resultWords(view: GameView): string {
  if (view.status === 'aborted') return 'Game aborted.';
  // A finished PGN (it has `players`) is nobody's win or loss here: told by colour.
  const end = describeEnd(view.winner ?? null, view.player_color, view.reason ?? null, view.players != null);
  return `Game over: ${end.headline}${end.reason ? (end.reason.startsWith('by') || end.reason.startsWith('on') ? ` ${end.reason}` : `. ${end.reason}`) : ''}.`;
}

/** What happened on the board, told to the player by ear: the move sounds and the screen reader's line. */
export interface MoveReports {
  /** The player's own move, at once, before the server answers. */
  playerMoved: (move: Pick<PlayedMove, 'san'>) => void;
  /** The moves the server added after `fromPly` (Stockfish's), then the result if the game ended. */
  movesAdded: (next: GameView, fromPly: number) => void;
  takenBack: () => void;
}

/** Sounds and announcements for the moves (in words); `announcement` is the text of the polite live region. */
export function useMoveReports(): MoveReports & { announcement: string } {
  const [announcement, setAnnouncement] = useState('');

  const playerMoved = useCallback((move: Pick<PlayedMove, 'san'>) => {
    playSound(soundForSan(move.san));
    setAnnouncement(`You played ${sanWords(move.san)}`);
  }, []);

  const movesAdded = useCallback((next: GameView, fromPly: number) => {
    const added = next.moves.slice(fromPly);
    const last = added[added.length - 1];
    if (last) {
      playSound(soundForSan(last.san));
      // In words ("Stockfish played knight to f3"): a screen reader spells "Nf3" out letter by letter.
      setAnnouncement(`Stockfish played ${sanWords(last.san)}`);
    }
    if (next.status === 'finished' || next.status === 'aborted') {
      const result = resultWords(next);
      // After the player's own last move ("You played …") the result follows it; else it stands alone.
      if (last) setAnnouncement(`Stockfish played ${sanWords(last.san)}. ${result}`);
      else setAnnouncement((told) => (told.startsWith('You played') ? `${told}. ${result}` : result));
    }
    if (next.status === 'finished') {
      const end = () => playSound(soundForEnd(next.winner ?? null, next.player_color));
      if (last) window.setTimeout(end, END_SOUND_DELAY_MS);
      else end();
    }
  }, []);

  const takenBack = useCallback(() => setAnnouncement('Move taken back'), []);

  return { announcement, playerMoved, movesAdded, takenBack };
}
