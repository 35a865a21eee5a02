import { useEffect, useRef } from 'react';
import { defaultPieces } from 'react-chessboard';
import type { Color, PromotionRole, SquareName } from '../chess/types';
import { FILES, colorLetter } from '../chess/types';

const ROLE_NAMES: Record<PromotionRole, string> = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight' };

interface Props {
  square: SquareName;
  color: Color;
  orientation: Color;
  choices: readonly PromotionRole[];
  onChoose: (role: PromotionRole) => void;
  onCancel: () => void;
}

/**
 * The four promotion pieces stacked in the promotion square's column, from that square towards the
 * middle of the board, so the picker never leaves the board at either edge. A click outside cancels.
 */
export function PromotionPicker({ square, color, orientation, choices, onChoose, onCancel }: Props) {
  const fileIndex = FILES.indexOf(square[0] as (typeof FILES)[number]);
  const rank = Number(square[1]);
  const column = orientation === 'white' ? fileIndex : 7 - fileIndex;
  const row = orientation === 'white' ? 8 - rank : rank - 1;
  const fromTop = row < 4;
  const choicesRef = useRef<HTMLDivElement>(null);

  // Keyboard players land on the first choice; Escape cancels like a click outside.
  useEffect(() => {
    choicesRef.current?.querySelector('button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onCancel]);

  return (
    <div className="promotion-backdrop" data-testid="promotion-picker" onClick={onCancel}>
      <div
        className="promotion-column"
        ref={choicesRef}
        role="dialog"
        aria-label="Choose a piece to promote to"
        style={{
          left: `${column * 12.5}%`,
          top: fromTop ? `${row * 12.5}%` : undefined,
          bottom: fromTop ? undefined : `${(7 - row) * 12.5}%`,
          flexDirection: fromTop ? 'column' : 'column-reverse',
        }}
      >
        {choices.map((role) => {
          const Piece = defaultPieces[`${colorLetter(color)}${role.toUpperCase()}`];
          return (
            <button
              key={role}
              type="button"
              className="promotion-choice"
              data-role={role}
              aria-label={`Promote to ${ROLE_NAMES[role]}`}
              onPointerDown={(event) => {
                // Chosen on press: the board's drag library swallows the first click for 50 ms
                // after a drop, and a press feels quicker anyway.
                event.preventDefault();
                event.stopPropagation();
                onChoose(role);
              }}
              onClick={(event) => {
                event.stopPropagation();
                if (event.detail === 0) onChoose(role); // Enter or Space on the focused button
              }}
            >
              <Piece />
            </button>
          );
        })}
      </div>
    </div>
  );
}
