import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAnalysis, parseAnalysis, parseAnalysisEvent, requestAnalysis } from './analysis';
import { ApiError } from './apiError';

const PLY = {
  ply: 3,
  eval: { cp: 34 },
  best: { uci: 'g1f3', san: 'Nf3' },
  pv_san: ['Nf3', 'Nc6', 'Bb5'],
  judgment: null,
  provisional: false,
  depth: 22,
  nodes: 500_123,
  class: 'best',
  points_lost: 0,
  explanation: null,
};
const RUNNING = {
  status: 'running',
  progress: { done: 4, quick: 41, total: 41 },
  plies: [PLY],
  accuracy: null,
  summary: null,
  key_moments: null,
  phases: null,
};
const SIDE = { inaccuracies: 1, mistakes: 0, blunders: 2, acpl: 57 };
const DONE = {
  status: 'done',
  progress: { done: 41, quick: 41, total: 41 },
  plies: [PLY],
  accuracy: { white: 81.5, black: 64 },
  summary: { white: SIDE, black: { ...SIDE, blunders: 0 } },
  key_moments: null,
  phases: null,
};
const event = (fields: Record<string, unknown>) =>
  JSON.stringify({
    status: 'running',
    progress: { done: 4, quick: 41, total: 41 },
    ply: null,
    accuracy: null,
    summary: null,
    key_moments: null,
    phases: null,
    ...fields,
  });

describe('analysis events', () => {
  it('reads an event for a newly analysed ply', () => {
    expect(parseAnalysisEvent(event({ ply: PLY }))).toEqual({
      status: 'running',
      progress: { done: 4, quick: 41, total: 41 },
      ply: PLY,
      accuracy: null,
      summary: null,
      key_moments: null,
      phases: null,
    });
  });

  it('reads a provisional ply from the quick pass, and a position that needed no search', () => {
    const quick = { ...PLY, provisional: true, depth: 9, nodes: 20_000, judgment: 'mistake' };
    expect(parseAnalysisEvent(event({ ply: quick }))?.ply).toEqual(quick);
    const mated = { ...PLY, eval: { mate: 0 }, depth: null, nodes: null };
    expect(parseAnalysisEvent(event({ ply: mated }))?.ply).toEqual(mated);
  });

  it('reads a server from before the quick pass: its plies are final and quick is done', () => {
    const { provisional: _p, depth: _d, nodes: _n, ...old } = PLY;
    const parsed = parseAnalysisEvent(
      JSON.stringify({
        status: 'running',
        progress: { done: 4, total: 41 },
        ply: old,
        accuracy: null,
        summary: null,
        key_moments: null,
        phases: null,
      }),
    );
    expect(parsed?.progress).toEqual({ done: 4, quick: 4, total: 41 });
    expect(parsed?.ply).toEqual({ ...old, provisional: false, depth: null, nodes: null });
  });

  it('never counts fewer quick positions than final ones', () => {
    expect(parseAnalysisEvent(event({ progress: { done: 9, quick: 3, total: 41 } }))?.progress.quick).toBe(9);
  });

  it('reads a change of status without a ply, and the final one with the figures', () => {
    expect(parseAnalysisEvent(event({ status: 'queued' }))?.ply).toBeNull();
    const { plies: _plies, ...done } = DONE;
    expect(parseAnalysisEvent(JSON.stringify({ ...done, ply: null }))).toMatchObject({
      status: 'done',
      accuracy: DONE.accuracy,
      summary: DONE.summary,
    });
  });

  it('reads mates, judgments and a missing best move', () => {
    const mated = { ...PLY, eval: { mate: 0 }, best: null, pv_san: [], judgment: 'blunder' };
    expect(parseAnalysisEvent(event({ ply: mated }))?.ply).toEqual(mated);
    expect(parseAnalysisEvent(event({ ply: { ...PLY, best: { uci: 'e7e8q', san: 'e8=Q+' } } }))?.ply?.best?.uci).toBe('e7e8q');
  });

  it('drops events that are not JSON objects', () => {
    expect(parseAnalysisEvent('not json')).toBeUndefined();
    expect(parseAnalysisEvent('[1]')).toBeUndefined();
    expect(parseAnalysisEvent('null')).toBeUndefined();
  });

  it('drops events that break the contract', () => {
    expect(parseAnalysisEvent(event({ status: 'paused' }))).toBeUndefined();
    expect(parseAnalysisEvent(event({ progress: { done: -1, total: 4 } }))).toBeUndefined();
    expect(parseAnalysisEvent(event({ progress: null }))).toBeUndefined();
    expect(parseAnalysisEvent(event({ progress: { done: 1, quick: 'all', total: 4 } }))).toBeUndefined();
    expect(parseAnalysisEvent(event({ accuracy: { white: 101, black: 50 } }))).toBeUndefined();
    expect(parseAnalysisEvent(event({ summary: { white: SIDE } }))).toBeUndefined();
    expect(parseAnalysisEvent(event({ summary: { white: SIDE, black: { ...SIDE, acpl: 'high' } } }))).toBeUndefined();
  });

  it('drops an event whose ply is malformed rather than show a wrong point', () => {
    expect(parseAnalysisEvent(event({ ply: { ...PLY, ply: 0 } }))).toBeUndefined();
    expect(parseAnalysisEvent(event({ ply: { ...PLY, eval: { cp: 1, mate: 2 } } }))).toBeUndefined();
    expect(parseAnalysisEvent(event({ ply: { ...PLY, judgment: 'dubious' } }))).toBeUndefined();
    expect(parseAnalysisEvent(event({ ply: { ...PLY, best: { uci: 'z9f3', san: 'Nf3' } } }))).toBeUndefined();
    expect(parseAnalysisEvent(event({ ply: { ...PLY, pv_san: ['Nf3', 4] } }))).toBeUndefined();
    expect(parseAnalysisEvent(event({ ply: { ...PLY, provisional: 'yes' } }))).toBeUndefined();
    expect(parseAnalysisEvent(event({ ply: { ...PLY, provisional: null } }))).toBeUndefined();
    expect(parseAnalysisEvent(event({ ply: { ...PLY, nodes: -5 } }))).toBeUndefined();
    const { judgment: _judgment, ...unjudged } = PLY;
    expect(parseAnalysisEvent(event({ ply: unjudged }))).toBeUndefined();
  });
});

describe('whole analyses', () => {
  it('reads a running and a finished analysis exactly as sent', () => {
    expect(parseAnalysis(RUNNING)).toEqual(RUNNING);
    expect(parseAnalysis(DONE)).toEqual(DONE);
  });

  it('leaves out a malformed ply but keeps the others', () => {
    expect(parseAnalysis({ ...RUNNING, plies: [PLY, { ...PLY, ply: 'four' }] })?.plies).toEqual([PLY]);
  });

  it('rejects an analysis without its plies or status', () => {
    expect(parseAnalysis({ ...RUNNING, plies: undefined })).toBeUndefined();
    expect(parseAnalysis({ ...RUNNING, status: undefined })).toBeUndefined();
  });
});

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('move classes, explanations, key moments and phases (issue #25)', () => {
  const explained = {
    ...PLY,
    ply: 6,
    judgment: 'blunder',
    class: 'blunder',
    points_lost: 0.521,
    explanation: { kind: 'allows_mate', sentence: 'Allows mate in 1: Qxf7#.', line: ['Qxf7#'], from_ply: 6 },
  };
  const figures = {
    key_moments: {
      white: [{ ply: 3, kind: 'last_book', class: 'book', points_lost: 0 }],
      black: [{ ply: 6, kind: 'swing', class: 'blunder', points_lost: 0.521 }],
    },
    phases: {
      division: { middlegame: null, endgame: null },
      opening: { white: 92.5, black: 40 },
      middlegame: { white: null, black: null },
      endgame: { white: null, black: null },
    },
  };

  it('reads a ply with its class, its loss and its checked sentence', () => {
    expect(parseAnalysis({ ...DONE, plies: [explained] })?.plies).toEqual([explained]);
  });

  it('reads a ply from a server before issue #25 as having none of them', () => {
    const { class: _class, points_lost: _lost, explanation: _explanation, ...old } = PLY;
    expect(parseAnalysis({ ...DONE, plies: [old] })?.plies[0]).toMatchObject({ class: null, points_lost: null, explanation: null });
  });

  it('leaves out a ply with an unknown class or a malformed sentence', () => {
    expect(parseAnalysis({ ...DONE, plies: [{ ...PLY, class: 'brilliant' }] })?.plies).toEqual([]);
    expect(parseAnalysis({ ...DONE, plies: [{ ...explained, explanation: { sentence: 'x' } }] })?.plies).toEqual([]);
    expect(parseAnalysis({ ...DONE, plies: [{ ...PLY, points_lost: 2 }] })?.plies).toEqual([]);
  });

  it('reads the key moments and the accuracy by phase of a done analysis', () => {
    expect(parseAnalysis({ ...DONE, ...figures })).toMatchObject(figures);
    expect(parseAnalysisEvent(event({ status: 'done', ...figures }))).toMatchObject(figures);
  });

  it('refuses key moments or phases that break the contract', () => {
    expect(
      parseAnalysis({ ...DONE, key_moments: { white: [{ ply: 0, kind: 'swing', class: 'good', points_lost: 0 }], black: [] } }),
    ).toBeUndefined();
    expect(parseAnalysis({ ...DONE, phases: { ...figures.phases, opening: { white: 101, black: null } } })).toBeUndefined();
  });
});

describe('the analysis endpoints', () => {
  it('answers null when no analysis was ever requested', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(404, { error: 'analysis_not_found', message: 'no analysis' })));
    await expect(getAnalysis('abc')).resolves.toBeNull();
  });

  it('passes other failures on as ApiError', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(500, { error: 'internal_error', message: 'oops' })));
    await expect(getAnalysis('abc')).rejects.toMatchObject({ status: 500, code: 'internal_error' });
  });

  it('reads the analysis from GET', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer(200, DONE));
    vi.stubGlobal('fetch', fetchMock);
    await expect(getAnalysis('a b')).resolves.toEqual(DONE);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/games/a%20b/analysis');
  });

  it('asks for the analysis with a POST carrying the token', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer(202, { ...RUNNING, status: 'queued', plies: [] }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(requestAnalysis('abc', 's3cret')).resolves.toMatchObject({ status: 'queued' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit & { headers: Record<string, string> }];
    expect(url).toBe('/api/games/abc/analysis');
    expect(init.method).toBe('POST');
    expect(init.headers.Authorization).toBe('Bearer s3cret');
  });

  it('finds no analysis on a server without the route, but reports a wrong token', async () => {
    const missingRoute = answer(404, { error: 'not_found', message: 'there is nothing at this address' });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(missingRoute));
    await expect(requestAnalysis('abc', 's3cret')).resolves.toBeNull();
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(401, { error: 'wrong_token', message: 'this token is not this game' })));
    await expect(requestAnalysis('abc', 'wrong')).rejects.toMatchObject({ code: 'wrong_token' });
  });

  it('turns an answer that breaks the contract into bad_response', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(200, { status: 'done' })));
    const error = await getAnalysis('abc').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'bad_response' });
  });
});
