import type { Color } from '../chess/types';

/**
 * Games started from a PGN that was already over: there is nothing to play, so they are opened for
 * review with the PGN's own players, not as the player's game against Stockfish. This browser keeps
 * the players' names (from the PGN's White and Black tags) per game, beside the game's token.
 *
 * The server still stores such a game as one against Stockfish (its level, the player's colour); a
 * review-only record with the players belongs on the server, and until then another browser holding
 * the link shows it the old way.
 */
export type ImportedPlayers = Record<Color, string>;

const PREFIX = 'alphachess:imported:';

/** The players a PGN names in its tags, `White`/`Black` when a tag is missing, empty or "?". */
export function pgnPlayers(pgn: string): ImportedPlayers {
  const tag = (name: string, fallback: string) => {
    const value = new RegExp(`^\\s*\\[${name}\\s+"((?:[^"\\\\]|\\\\.)*)"\\s*\\]`, 'm').exec(pgn)?.[1]?.replace(/\\(.)/g, '$1').trim();
    return value && value !== '?' ? value : fallback;
  };
  return { white: tag('White', 'White'), black: tag('Black', 'Black') };
}

/** Records that the game `id` was a finished PGN, with its players. */
export function rememberImported(id: string, players: ImportedPlayers): void {
  try {
    localStorage.setItem(`${PREFIX}${id}`, JSON.stringify(players));
  } catch {
    // Storage full or off: the game then shows the old way, nothing is lost.
  }
}

/** The players of a finished PGN opened here, or undefined for a game played against Stockfish. */
export function importedPlayers(id: string): ImportedPlayers | undefined {
  try {
    const text = localStorage.getItem(`${PREFIX}${id}`);
    if (!text) return undefined;
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { white, black } = value as Partial<ImportedPlayers>;
    return typeof white === 'string' && typeof black === 'string' ? { white, black } : undefined;
  } catch {
    return undefined;
  }
}
