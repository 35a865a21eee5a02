import type { Color, SquareName } from '../../../chess/types';
import { colorName } from '../../../chess/describe';
import { CASTLING_RIGHTS, type CastlingRights } from '../model/castling';
import type { EditorAction } from '../model/editorAction';
import type { EditorPosition } from '../model/editorPosition';

interface Props {
  position: EditorPosition;
  possible: CastlingRights;
  candidates: readonly SquareName[];
  dispatch: (action: EditorAction) => void;
}

const SIDES: readonly Color[] = ['white', 'black'];

/**
 * Side to move, castling rights and the en-passant square. A right the board does not allow (king or
 * rook off its square) is disabled and shown unticked; the en-passant choice lists only the squares
 * that could be one now.
 */
export function PositionControls({ position, possible, candidates, dispatch }: Props) {
  const enPassant = position.enPassant && candidates.includes(position.enPassant) ? position.enPassant : '';
  return (
    <div className="position-controls">
      <fieldset className="editor-turn">
        <legend>Side to move</legend>
        {SIDES.map((side) => (
          <label key={side}>
            <input
              type="radio"
              name="editor-turn"
              value={side}
              checked={position.turn === side}
              onChange={() => dispatch({ kind: 'turn', turn: side })}
              data-testid={`editor-turn-${side}`}
            />{' '}
            {colorName(side)}
          </label>
        ))}
      </fieldset>
      <fieldset className="editor-castling">
        <legend>Castling rights</legend>
        {CASTLING_RIGHTS.map(({ right, label, king, rook }) => (
          <label key={right} title={possible[right] ? undefined : `Needs the king on ${king} and the rook on ${rook}`}>
            <input
              type="checkbox"
              checked={possible[right] && position.castling[right]}
              disabled={!possible[right]}
              onChange={(event) => dispatch({ kind: 'castling', right, on: event.target.checked })}
              data-testid={`editor-castling-${right}`}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <label className="editor-en-passant">
        En passant{' '}
        <select
          value={enPassant}
          onChange={(event) => dispatch({ kind: 'enPassant', square: (event.target.value || null) as SquareName | null })}
          data-testid="editor-en-passant"
        >
          <option value="">None</option>
          {candidates.map((square) => (
            <option key={square} value={square}>
              {square}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
