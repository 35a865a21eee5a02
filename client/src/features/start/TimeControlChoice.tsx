import { useState } from 'react';
import type { TimeControl } from '../../api/types';
import { radioChoice } from '../../components/radioGroupKeys';
import { customTimeControl, MAX_INCREMENT_SECS, MAX_MINUTES, PRESETS, timeControlLabel } from '../../clock/timeControl';

interface Props {
  /** The clock chosen: null for untimed, or a custom one's refusal sentence. */
  onChange: (clock: TimeControl | null | string) => void;
}

type Choice = 'untimed' | 'custom' | number;

/** The choices in the order they are shown, for the arrow keys. */
const CHOICES: readonly Choice[] = ['untimed', ...PRESETS.map((_, index) => index), 'custom'];

/** Untimed (the default), lichess's presets, or a custom clock in minutes + increment seconds. */
export function TimeControlChoice({ onChange }: Props) {
  const [choice, setChoice] = useState<Choice>('untimed');
  const [minutes, setMinutes] = useState('10');
  const [increment, setIncrement] = useState('0');
  const custom = customTimeControl(Number(minutes), Number(increment));

  const choose = (next: Choice) => {
    setChoice(next);
    if (next === 'untimed') onChange(null);
    else if (next === 'custom') onChange(custom);
    else onChange(PRESETS[next]);
  };
  const changeCustom = (nextMinutes: string, nextIncrement: string) => {
    setMinutes(nextMinutes);
    setIncrement(nextIncrement);
    onChange(customTimeControl(Number(nextMinutes), Number(nextIncrement)));
  };

  const option = (value: Choice, label: string, testId: string) => (
    <button
      key={testId}
      {...radioChoice(value, CHOICES, choice, choose)}
      className={`time-control${choice === value ? ' chosen' : ''}`}
      data-testid={testId}
    >
      {label}
    </button>
  );

  return (
    <fieldset className="time-choice">
      <legend>Time control</legend>
      <div className="time-controls" role="radiogroup" aria-label="Time control">
        {option('untimed', 'Untimed', 'clock-untimed')}
        {PRESETS.map((preset, index) => option(index, timeControlLabel(preset), `clock-${timeControlLabel(preset)}`))}
        {option('custom', 'Custom', 'clock-custom')}
      </div>
      {choice === 'custom' && (
        <div className="custom-clock">
          <label>
            Minutes
            <input
              type="number"
              min={0}
              max={MAX_MINUTES}
              step="any"
              value={minutes}
              onChange={(event) => changeCustom(event.target.value, increment)}
              data-testid="custom-minutes"
            />
          </label>
          <label>
            Increment (s)
            <input
              type="number"
              min={0}
              max={MAX_INCREMENT_SECS}
              step={1}
              value={increment}
              onChange={(event) => changeCustom(minutes, event.target.value)}
              data-testid="custom-increment"
            />
          </label>
          {typeof custom === 'string' && (
            <p className="field-error" role="alert">
              {custom}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
