import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendEstimate } from './account';

afterEach(() => vi.unstubAllGlobals());

describe('the first visit’s estimate', () => {
  it('is sent under the key as PUT /api/account/estimate', async () => {
    const perf = { games: 0, rating: 1600, rd: 350, prog: 0, prov: true };
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(new Response(JSON.stringify(perf), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await sendEstimate('s3cretKey', 'club')).toEqual(perf);
    const [url, init = {}] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/account/estimate');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(JSON.stringify({ experience: 'club' }));
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer s3cretKey');
  });
});
