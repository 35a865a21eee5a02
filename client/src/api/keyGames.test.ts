// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adoptKeyGames, looksLikeKey } from './keyGames';
import { loadToken } from './tokens';

const KEY = 'kq3F9xZ2bV7nLmP0sT4wYc8dR1eH6jA5uG_iO-NlQzE';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('a pasted key', () => {
  it('asks for the key’s games with the key and keeps it as each game’s token', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(answer(200, { games: [{ id: 'aaaaaaaaaaaa' }, { id: 'bbbbbbbbbbbb' }] }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await adoptKeyGames(KEY)).toBe(2);
    const [url, init = {}] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/account/games');
    expect((init.headers as Record<string, string>).Authorization).toBe(`Bearer ${KEY}`);
    expect(loadToken('aaaaaaaaaaaa')).toBe(KEY);
    expect(loadToken('bbbbbbbbbbbb')).toBe(KEY);
  });

  it('keeps nothing when the server refuses the key', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(answer(401, { error: 'This token is not a usable key' })));
    await expect(adoptKeyGames(KEY)).rejects.toThrow();
    expect(localStorage.length).toBe(0);
  });

  it('follows the server’s rule for what a key looks like', () => {
    expect(looksLikeKey(KEY)).toBe(true);
    expect(looksLikeKey('0123456789abcdef0123456789abcdef')).toBe(true);
    expect(looksLikeKey('short')).toBe(false);
    expect(looksLikeKey('a'.repeat(30))).toBe(false);
    expect(looksLikeKey('has spaces but is long enough')).toBe(false);
  });
});
