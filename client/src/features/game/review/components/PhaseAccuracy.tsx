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
 * "—" for a phase the game never reached or a side that made no move in it. A row per phase and a
 * column per side (issue #40): in the review's 330 px column, "Middlegame" and a player's name side
 * by side in four columns pushed the table out of its panel; two value columns leave each name room.
 */
export function PhaseAccuracy({ phases, names }: Props) {
  return (
    <table className="accuracy-table phase-table" data-testid="phase-accuracy">
      <caption className="sr-only">Accuracy by phase</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="sr-only">Phase</span>
          </th>
          {SIDES.map((side) => (
            <th key={side} scope="col" data-side={side}>
              <span className={`color-dot ${side}`} aria-hidden="true" /> {names[side]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {PHASES.map((phase) => (
          <tr key={phase.key} data-phase={phase.key}>
            <th scope="row">{phase.name}</th>
            {SIDES.map((side) => {
              const value = phases[phase.key][side];
              return (
                <td key={side} className="accuracy-value" data-testid={`phase-${phase.key}-${side}`}>
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
