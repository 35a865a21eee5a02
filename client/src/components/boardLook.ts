import type { ChessboardOptions } from 'react-chessboard';
import { THEMES, type ThemeName } from '../settings/themes';

/**
 * How every interactive board looks in the player's settings: the theme's squares, rank numbers
 * that shrink with a small board (file letters live under the board, in `FileLabels`), and the
 * drop target's ring. One place, so the game's board and the editor's never drift apart.
 */
export function boardLook(themeName: ThemeName, coordinates: boolean): ChessboardOptions {
  const theme = THEMES[themeName];
  return {
    alphaNotationStyle: { display: 'none' },
    showNotation: coordinates,
    numericNotationStyle: { fontSize: 'clamp(9px, calc(var(--board-size, 640px) / 48), 13px)', top: 1, left: 2 },
    darkSquareStyle: { backgroundColor: theme.dark },
    lightSquareStyle: { backgroundColor: theme.light },
    darkSquareNotationStyle: { color: theme.light },
    lightSquareNotationStyle: { color: theme.dark },
    dropSquareStyle: { boxShadow: 'inset 0 0 0 4px rgba(255, 255, 255, 0.65)' },
  };
}
