import type { KeyMoment, KeyMoments, MoveClass } from '../../../../api/analysisTypes';
import type { Color } from '../../../../chess/types';
import { type GameLine, moveLabel } from './gameLine';
import { MOVE_CLASS_NAME } from './moveClass';

/** What the key moments list shows for one moment. */
export interface KeyMomentItem {
  ply: number;
  /** `3... Nf6` */
  move: string;
  /** `Last book move`, `Blunder`, `Missed win` */
  label: string;
  moveClass: MoveClass;
}

/** One side's key moments under the name the panel gives it ("You", "Stockfish"). */
export interface KeyMomentSide {
  side: Color;
  name: string;
  items: KeyMomentItem[];
}

/**
 * A swing is named by its class (a blunder says more than "swing"); the last book move and a missed
 * win by what they are, since their class (`book`, `miss`) would say less.
 */
export function keyMomentLabel(moment: KeyMoment): string {
  if (moment.kind === 'last_book') return 'Last book move';
  if (moment.kind === 'missed_win') return 'Missed win';
  return MOVE_CLASS_NAME[moment.class];
}

/** The list above the move list: the player's side first, each side's moments in game order. */
export function keyMomentSides(moments: KeyMoments, line: GameLine, names: Record<Color, string>, player: Color): KeyMomentSide[] {
  const order: Color[] = player === 'white' ? ['white', 'black'] : ['black', 'white'];
  return order.map((side) => ({
    side,
    name: names[side],
    items: [...moments[side]]
      .sort((a, b) => a.ply - b.ply)
      .map((moment) => ({ ply: moment.ply, move: moveLabel(moment.ply, line), label: keyMomentLabel(moment), moveClass: moment.class })),
  }));
}
