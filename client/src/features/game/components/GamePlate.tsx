import type { ShownGame } from '../hooks/useGameScreen';
import { PlayerStrip } from './PlayerStrip';

/**
 * The name plate above (`top`) or below the board: the side at the bottom is the one the board is
 * turned to. Stockfish's plate shows its search; each shows the material it is up and its clock.
 */
export function GamePlate({ shown, at }: { shown: ShownGame; at: 'top' | 'bottom' }) {
  const { screen, view, model } = shown;
  const { player, engine } = model;
  const side = (at === 'bottom') === (model.orientation === player) ? player : engine;
  const { times } = screen;
  const clock = times ? { ms: times[side], running: view.clock?.running === side } : undefined;
  if (side === player) {
    const plate = model.playerPlate;
    return (
      <PlayerStrip
        name={plate.name}
        color={player}
        detail={plate.detail}
        toMove={plate.toMove}
        material={model.material[player]}
        clock={clock}
      />
    );
  }
  const plate = model.enginePlate;
  return (
    <PlayerStrip
      name={plate.name}
      color={plate.color}
      detail={plate.detail}
      thinking={screen.game.engineThinking}
      search={screen.game.search}
      showScore={screen.showEvaluation}
      material={model.material[engine]}
      toMove={plate.toMove}
      clock={clock}
    />
  );
}
