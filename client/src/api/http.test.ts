import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, describeError } from './apiError';
import { createGame, playMove } from './games';

function answer(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('sends the move with the token and the expected ply', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer(200, { id: 'abc', ply: 2 }));
    vi.stubGlobal('fetch', fetchMock);
    const view = await playMove('abc', 's3cret', 'e2e4', 0);
    expect(view).toEqual({ id: 'abc', ply: 2 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/games/abc/moves');
    expect(init.method).toBe('POST');
    expect(init.headers.Authorization).toBe('Bearer s3cret');
    expect(JSON.parse(init.body)).toEqual({ move: 'e2e4', expected_ply: 0 });
  });

  it('sends no token when creating a game', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer(201, { id: 'x', token: 't', game: {} }));
    vi.stubGlobal('fetch', fetchMock);
    await createGame({ color: 'random', level: 3 });
    const [, init] = fetchMock.mock.calls[0];
    expect(init.headers.Authorization).toBeUndefined();
    expect(JSON.parse(init.body)).toEqual({ color: 'random', level: 3 });
  });

  it('turns an error body into an ApiError with the server code', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(409, { error: 'stale_ply', message: 'the game moved on' })));
    const error = await playMove('abc', 't', 'e2e4', 5).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'stale_ply', message: 'the game moved on' });
  });

  it('reports a lost network as the network code with a sentence for the player', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await playMove('abc', 't', 'e2e4', 0).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'network' });
    expect(describeError(error)).toMatch(/cannot be reached/);
  });

  it('reads a gateway page that is not JSON as the server not answering', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>Bad Gateway</html>', { status: 502 })));
    const error = await playMove('abc', 't', 'e2e4', 0).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'network' });
  });

  it('explains an engine failure and says the move was not played', () => {
    const error = new ApiError(502, 'engine_failed', 'stockfish crashed');
    expect(describeError(error)).toMatch(/not played/);
  });
});
