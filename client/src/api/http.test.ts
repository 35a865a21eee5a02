import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, describeError } from './apiError';
import { createGame, playMove } from './games';
import { requestText } from './http';

function answer(status: number, body: unknown): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The request a fetch mock was called with, read back as the test needs it. */
function sentRequest(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>) {
  const [url, init = {}] = fetchMock.mock.calls[0];
  return {
    url,
    method: init.method,
    headers: init.headers as Record<string, string>,
    body: JSON.parse(init.body as string) as unknown,
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('sends the move with the token and the expected ply', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(answer(200, { id: 'abc', ply: 2 }));
    vi.stubGlobal('fetch', fetchMock);
    const view = await playMove('abc', 's3cret', 'e2e4', 0);
    expect(view).toEqual({ id: 'abc', ply: 2 });
    const sent = sentRequest(fetchMock);
    expect(sent.url).toBe('/api/games/abc/moves');
    expect(sent.method).toBe('POST');
    expect(sent.headers.Authorization).toBe('Bearer s3cret');
    expect(sent.body).toEqual({ move: 'e2e4', expected_ply: 0 });
  });

  it('sends no token when creating a game', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(answer(201, { id: 'x', token: 't', game: {} }));
    vi.stubGlobal('fetch', fetchMock);
    await createGame({ color: 'random', level: 3 });
    const sent = sentRequest(fetchMock);
    expect(sent.headers.Authorization).toBeUndefined();
    expect(sent.body).toEqual({ color: 'random', level: 3 });
  });

  it('turns an error body into an ApiError with the server code', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(409, { error: 'stale_ply', message: 'the game moved on' })));
    const error = await playMove('abc', 't', 'e2e4', 5).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'stale_ply', message: 'the game moved on' });
  });

  it('keeps the server sentence for a code this client does not know', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(418, { error: 'brewing_tea', message: 'the server is busy brewing' })));
    const error = await playMove('abc', 't', 'e2e4', 5).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 418, code: 'bad_response', message: 'the server is busy brewing' });
    expect(describeError(error)).toBe('the server is busy brewing');
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

  it('reads a text answer, and a refusal of it as the usual JSON error', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response('1. e4 (1. d4) *', { status: 200, headers: { 'Content-Type': 'application/x-chess-pgn' } }))
      .mockResolvedValueOnce(answer(400, { error: 'invalid_tree', message: 'entry 3: a comment cannot hold }' }));
    vi.stubGlobal('fetch', fetchMock);
    const body = { nodes: [] };
    expect(await requestText('/api/trees/pgn', { method: 'POST', body, accept: 'application/x-chess-pgn' })).toBe('1. e4 (1. d4) *');
    const [, init = {}] = fetchMock.mock.calls[0];
    expect((init.headers as Record<string, string>).Accept).toBe('application/x-chess-pgn, application/json');
    await expect(requestText('/api/trees/pgn', { method: 'POST', body, accept: 'application/x-chess-pgn' })).rejects.toMatchObject({
      status: 400,
      code: 'invalid_tree',
    });
  });
});
