import { readText, removeText, writeText } from '../storage/persisted';

/**
 * Game tokens live in local storage, one key per game, so a reload resumes the game. Storage can be
 * full or disabled: the game then still works until the tab closes.
 */

/** The start of every token's key; the rest is the game's id (`myGames.ts` lists them). */
export const TOKEN_PREFIX = 'alphachess:token:';

export function tokenKey(gameId: string): string {
  return `${TOKEN_PREFIX}${gameId}`;
}

export function saveToken(gameId: string, token: string): void {
  writeText(tokenKey(gameId), token);
}

export function loadToken(gameId: string): string | undefined {
  return readText(tokenKey(gameId)) ?? undefined;
}

/** Drops a game's token (and its "resume" offer): this browser no longer plays it. */
export function forgetToken(gameId: string): void {
  removeText(tokenKey(gameId));
  if (readText(LAST_GAME) === gameId) removeText(LAST_GAME);
}

const LAST_GAME = 'alphachess:last-game';

/**
 * Remembers the game this browser played last, for the start screen's "Resume your game" (when not
 * remembered, the game's own address still resumes it).
 */
export function rememberLastGame(gameId: string): void {
  writeText(LAST_GAME, gameId);
}

/** The game this browser played last, if it still holds its token. */
export function lastGame(): { id: string; token: string } | undefined {
  const id = readText(LAST_GAME);
  const token = id === null ? undefined : loadToken(id);
  return id !== null && token !== undefined ? { id, token } : undefined;
}

/** The fragment key of a "continue elsewhere" link: `/game/<id>#token=<token>`. */
const FRAGMENT_KEY = 'token';

/**
 * The address that lets another device continue the game: the token travels in the fragment, which
 * browsers never send to the server (so no access log sees it), and `adoptTokenFromAddress` takes
 * it from there on arrival.
 */
export function continueLink(origin: string, gameId: string, token: string): string {
  return `${origin}/game/${encodeURIComponent(gameId)}#${FRAGMENT_KEY}=${encodeURIComponent(token)}`;
}

/** A token as the server makes them: 256 random bits as 64 lowercase hex digits. */
const TOKEN_FORM = /^[0-9a-f]{64}$/;

/**
 * A player's key, the token of the games created under it (`playerKey.ts`): the server's rule, 22 to
 * 256 base64url characters, at least 8 different (`keyGames.ts` says it too; repeated here, as that
 * module imports this one). Hex digits alone are a server token's alphabet: such a text is taken only
 * as a whole server token, so a damaged one (a digit lost, upper-cased) is still refused.
 */
const KEY_FORM = /^[A-Za-z0-9_-]{22,256}$/;
const HEX_ONLY = /^[0-9a-fA-F]*$/;

/** Whether `token` has the form of a game token or a player's key (anything else is not one, whatever it says). */
export function isWellFormedToken(token: string): boolean {
  if (HEX_ONLY.test(token)) return TOKEN_FORM.test(token);
  return KEY_FORM.test(token) && new Set(token).size >= 8;
}

/** What opening a "continue elsewhere" link did with the token it carried. */
export type LinkToken =
  /** No link token (or the very token this browser already holds). */
  | { kind: 'none' }
  /** This browser had no token for the game: it keeps the link's. */
  | { kind: 'adopted'; gameId: string }
  /** The link's token is not a token: ignored. */
  | { kind: 'malformed'; gameId: string }
  /**
   * This browser already holds another token for the game: it keeps its own (a link could come from
   * anyone who knows the game's id), and the player decides whether to take the link's instead.
   */
  | { kind: 'conflict'; gameId: string; token: string };

/**
 * On opening a "continue elsewhere" link: keeps its token for the game in the address, but only a
 * well-formed one and never over a different token this browser already holds (that is the
 * player's decision: see `LinkToken`). Either way the token leaves the address bar (and the history
 * entry), so it is not left on screen or bookmarked. Call before the first render.
 */
export function adoptTokenFromAddress(location: Location, history: History): LinkToken {
  const match = /^\/game\/([A-Za-z0-9_-]+)\/?$/.exec(location.pathname);
  const token = new URLSearchParams(location.hash.slice(1)).get(FRAGMENT_KEY);
  if (!match || token === null) return { kind: 'none' };
  const gameId = match[1];
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  if (!isWellFormedToken(token)) return { kind: 'malformed', gameId };
  const held = loadToken(gameId);
  if (held === token) return { kind: 'none' };
  if (held !== undefined) return { kind: 'conflict', gameId, token };
  takeLinkToken(gameId, token);
  return { kind: 'adopted', gameId };
}

/** Keeps a link's token for its game (the player chose it, or there was none). */
export function takeLinkToken(gameId: string, token: string): void {
  saveToken(gameId, token);
  rememberLastGame(gameId);
}
