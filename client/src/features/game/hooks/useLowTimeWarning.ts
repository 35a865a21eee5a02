import { useEffect, useRef } from 'react';
import { LOW_TIME_MS } from '../../../clock/clockTime';
import { playSound } from '../../../sound/play';

/**
 * Sounds the low-time warning once per game, the first time the player's running clock drops under
 * 10 s (as lichess does); a game started with less than that on the clock warns at its first tick.
 */
export function useLowTimeWarning(gameId: string, playerMs: number | undefined, playerRunning: boolean) {
  const warnedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!playerRunning || playerMs === undefined || playerMs >= LOW_TIME_MS || warnedFor.current === gameId) return;
    warnedFor.current = gameId;
    playSound('lowTime');
  }, [gameId, playerMs, playerRunning]);
}
