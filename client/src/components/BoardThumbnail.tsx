import { defaultPieces } from 'react-chessboard';
import { placementFromFen } from '../chess/placement';
import { type Color, FILES, type SquareName } from '../chess/types';
import { THEMES } from '../settings/themes';
import { useSettings } from '../settings/useSettings';

const RANKS = ['8', '7', '6', '5', '4', '3', '2', '1'] as const;

interface Props {
  /** The position, as the server wrote it. */
  fen: string;
  orientation: Color;
  /** What a screen reader hears instead of 64 squares. */
  label: string;
}

/**
 * A small picture of a position for a list of games: a plain grid with react-chessboard's pieces,
 * in the player's board theme. Not interactive, and far lighter than a full board per row.
 */
export function BoardThumbnail({ fen, orientation, label }: Props) {
  const theme = THEMES[useSettings().theme];
  const placement = placementFromFen(fen);
  const ranks = orientation === 'white' ? RANKS : [...RANKS].reverse();
  const files = orientation === 'white' ? FILES : [...FILES].reverse();
  return (
    <div className="board-thumbnail" role="img" aria-label={label} data-fen={fen}>
      {ranks.flatMap((rank, row) =>
        files.map((file, column) => {
          const square: SquareName = `${file}${rank}`;
          const piece = placement[square];
          const Piece = piece ? defaultPieces[piece] : undefined;
          return (
            <span key={square} style={{ backgroundColor: (row + column) % 2 === 0 ? theme.light : theme.dark }}>
              {Piece && <Piece />}
            </span>
          );
        }),
      )}
    </div>
  );
}
