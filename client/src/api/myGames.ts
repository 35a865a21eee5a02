import { keysWithPrefix, persisted } from '../storage/persisted';
import { forgetToken, lastGame, loadToken, rememberLastGame, saveToken, TOKEN_PREFIX } from './tokens';
import type { TimeControl } from './types';

/**
 * The games this browser created, for the "My games" list: one local-storage entry listing them with
 * what the server does not keep (when they were created). Each game's token stays where it always was
 * (`tokens.ts`, one key per game), so a game created before this list existed, or adopted from a
 * "continue elsewhere" link, still shows: its token key is the record that it is ours.
 */
export interface MyGame {
  id: string;
  /** When this browser created it (ms since the epoch); unknown for a game from before the list. */
  createdAt: number | null;
  /** The clock it was started with, if timed; the server's summary has it too, this is for the label. */
  timeControl?: TimeControl | null;
}

const KEY = 'alphachess:my-games';
const ID = /^[A-Za-z0-9_-]+$/;

function isMyGame(value: unknown): value is MyGame {
  if (typeof value !== 'object' || value === null) return false;
  const { id, createdAt } = value as Partial<MyGame>;
  return typeof id === 'string' && ID.test(id) && (createdAt === null || (typeof createdAt === 'number' && Number.isFinite(createdAt)));
}

/** The stored list, keeping the well-formed entries of a damaged one. */
export function parseMyGames(text: string | null): MyGame[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter(isMyGame) : [];
  } catch {
    return [];
  }
}

/**
 * The list to show: the stored entries, plus a bare entry for every game whose token this browser
 * holds but the list lacks; newest first (unknown dates last), each id once.
 */
export function mergeMyGames(stored: readonly MyGame[], tokenIds: readonly string[]): MyGame[] {
  const seen = new Set<string>();
  const all: MyGame[] = [];
  for (const game of [...stored, ...tokenIds.map((id): MyGame => ({ id, createdAt: null }))]) {
    if (seen.has(game.id)) continue;
    seen.add(game.id);
    all.push(game);
  }
  return all.sort((a, b) => (b.createdAt ?? -Infinity) - (a.createdAt ?? -Infinity));
}

/** The stored list (storage full or disabled: the game still works, the list just will not show it). */
const stored = persisted<readonly MyGame[]>({ key: KEY, parse: parseMyGames, fallback: [] });

function readStored(): readonly MyGame[] {
  return stored.read();
}

function writeStored(games: readonly MyGame[]): void {
  stored.write(games);
}

/** The ids of every game whose token is kept here. */
function tokenIds(): string[] {
  return keysWithPrefix(TOKEN_PREFIX)
    .map((key) => key.slice(TOKEN_PREFIX.length))
    .filter((id) => ID.test(id));
}

/** Adds a game just created to the list. */
export function recordMyGame(game: MyGame): void {
  writeStored([game, ...readStored().filter((entry) => entry.id !== game.id)]);
}

/** Every game this browser created (or holds the token of), newest first. */
export function myGames(): MyGame[] {
  return mergeMyGames(readStored(), tokenIds());
}

/** Puts a forgotten game back as it was (see `forgetMyGame`). */
export type RestoreMyGame = () => void;

/**
 * Forgets a game in this browser: off the list, and its token gone (it can no longer be played from
 * here). Returns what puts it back exactly, entry, token and "last game" mark, for an Undo: a
 * mis-tap on Remove must not cost an ongoing game.
 */
export function forgetMyGame(id: string): RestoreMyGame {
  const stored = readStored();
  const at = stored.findIndex((entry) => entry.id === id);
  const entry = at >= 0 ? stored[at] : undefined;
  const token = loadToken(id);
  const wasLast = lastGame()?.id === id;
  writeStored(stored.filter((game) => game.id !== id));
  forgetToken(id);
  return () => {
    if (token !== undefined) saveToken(id, token);
    if (entry) {
      const now = readStored().filter((game) => game.id !== id);
      writeStored([...now.slice(0, at), entry, ...now.slice(at)]);
    }
    if (wasLast) rememberLastGame(id);
  };
}
