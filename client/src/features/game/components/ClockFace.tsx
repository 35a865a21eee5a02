import type { Color } from '../../../chess/types';
import { formatClock, LOW_TIME_MS } from '../../../clock/clockTime';

interface Props {
  color: Color;
  ms: number;
  /** This side's clock is counting down now. */
  running: boolean;
}

/** One side's clock beside its name plate: `05:00`, then `00:09.3` and red under 10 s. */
export function ClockFace({ color, ms, running }: Props) {
  const low = ms < LOW_TIME_MS;
  return (
    <span
      className={`clock${running ? ' running' : ''}${low ? ' low' : ''}`}
      data-testid={`clock-${color}`}
      data-running={running}
      // Read out on demand, never as it ticks.
      aria-label={`${color === 'white' ? 'White' : 'Black'}'s clock: ${formatClock(ms)}`}
      role="timer"
    >
      {formatClock(ms)}
    </span>
  );
}
