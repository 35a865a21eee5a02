import type { GameView } from '../../../api/types';
import type { ClockTimes } from '../../../clock/clockTime';
import { useClock } from '../../../clock/useClock';
import { useFlagCheck } from './useFlagCheck';
import { useLowTimeWarning } from './useLowTimeWarning';

/**
 * A timed game's clocks as the screen shows them (null untimed): counted down from each view, the
 * player's low-time warning once under 10 s, and a check with the server when the running clock shows zero.
 */
export function useGameClock(view: GameView | null, live: boolean, refresh: () => void): ClockTimes | null {
  const clock = view?.clock ?? null;
  const times = useClock(clock);
  const player = view?.player_color;
  useLowTimeWarning(view?.id ?? '', times && player ? times[player] : undefined, live && player !== undefined && clock?.running === player);
  useFlagCheck(clock, times, refresh);
  return times;
}
