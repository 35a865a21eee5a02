import type { PhaseAccuracy as Phases } from '../../../../api/analysisTypes';
import type { Color } from '../../../../chess/types';

interface Props {
  phases: Phases;
  names: Record<Color, string>;
}

const PHASES = [
  { key: 'opening', name: 'Opening' },
  { key: 'middlegame', name: 'Middlegame' },
  { key: 'endgame', name: 'Endgame' },
] as const;
const SIDES: readonly Color[] = ['white', 'black'];

/**
 * Each side's accuracy in each phase (issue #25), computed by the server across the boundaries;
 * "—" for a phase the game never reached or a side that made no move in it.
 */
export function PhaseAccuracy({ phases, names }: Props) {
  return (
    <table className="accuracy-table phase-table" data-testid="phase-accuracy">
      <caption className="sr-only">Accuracy by phase</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="sr-only">Side</span>
          </th>
          {PHASES.map((phase) => (
            <th key={phase.key} scope="col">
              {phase.name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {SIDES.map((side) => (
          <tr key={side} data-side={side}>
            <th scope="row">
              <span className={`color-dot ${side}`} aria-hidden="true" /> {names[side]}
            </th>
            {PHASES.map((phase) => {
              const value = phases[phase.key][side];
              return (
                <td key={phase.key} className="accuracy-value" data-testid={`phase-${phase.key}-${side}`}>
                  {value === null ? '—' : `${Math.round(value)}%`}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
