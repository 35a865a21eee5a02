import { readText, writeText } from '../storage/persisted';
import { looksLikeKey } from './keyGames';

/**
 * This browser's player key: made on the first visit (24 random bytes from the browser's crypto,
 * 32 base64url characters: 192 bits, past the server's 128) and kept in storage. Games are created
 * under it (the key is their token), so "My games" on another device and the CLI find them, and
 * the server keeps one rating for it (`GET /api/account`). Settings show it to copy, and take one
 * pasted from another device.
 */
const STORAGE_KEY = 'alphachess:player-key';

/** 32 base64url characters of fresh crypto randomness. */
export function newPlayerKey(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(24));
  const text = btoa(String.fromCharCode(...bytes));
  return text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Keys made in this page when storage keeps nothing: one key for the page's life. */
let unstored: string | null = null;

/** The browser's key, made (and stored) on the first call. */
export function playerKey(): string {
  const stored = readText(STORAGE_KEY);
  if (stored && looksLikeKey(stored)) return stored;
  if (unstored) return unstored;
  const made = newPlayerKey();
  if (!writeText(STORAGE_KEY, made)) unstored = made;
  return made;
}

/** Uses `text` (a key from another device) from now on; false when it cannot be a key. */
export function adoptPlayerKey(text: string): boolean {
  const key = text.trim();
  if (!looksLikeKey(key)) return false;
  if (!writeText(STORAGE_KEY, key)) unstored = key;
  return true;
}
