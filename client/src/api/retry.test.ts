import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './apiError';
import { getPositionMoves } from './positionMoves';
import { getRetryPuzzles, revealRetry, tryRetry } from './retry';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const FEN = 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3';
const PUZZLE = { ply: 6, fen: FEN, turn: 'black', played: { uci: 'g8f6', san: 'Nf6' }, points_lost: 0.53 };
const SOLUTION = { best: { uci: 'g7g6', san: 'g6' }, line: ['g6', 'Qf3', 'Nf6'], eval: { cp: -31 } };

afterEach(() => vi.unstubAllGlobals());

describe('the retry endpoints', () => {
  it('lists the puzzles, with nothing of the answer in them', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(answer(200, { puzzles: [PUZZLE] }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await getRetryPuzzles('abc')).toEqual([
      { ply: 6, fen: FEN, turn: 'black', played: PUZZLE.played, pointsLost: 0.53, loss: null },
    ]);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/games/abc/retry');
  });

  it('reads the loss in words (issue #38), and refuses one that is not text', async () => {
    const worded = { ...PUZZLE, loss: 'allows a forced mate (52 % → 0 %)' };
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(answer(200, { puzzles: [worded] })));
    expect((await getRetryPuzzles('abc'))[0].loss).toBe('allows a forced mate (52 % → 0 %)');
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(answer(200, { puzzles: [{ ...PUZZLE, loss: 0.53 }] })));
    await expect(getRetryPuzzles('abc')).rejects.toBeInstanceOf(ApiError);
  });

  it('says the analysis is not done with its code, and refuses a puzzle that breaks the contract', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(answer(409, { error: 'analysis_not_done', message: 'not yet' })));
    await expect(getRetryPuzzles('abc')).rejects.toMatchObject({ status: 409, code: 'analysis_not_done' });
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(answer(200, { puzzles: [{ ...PUZZLE, turn: 'both' }] })));
    await expect(getRetryPuzzles('abc')).rejects.toBeInstanceOf(ApiError);
  });

  it('sends a try with the token and reads the verdict, the solution only with solved', async () => {
    const wrong = { verdict: 'wrong', tried: { uci: 'c6d4', san: 'Nd4' }, eval: { mate: 1 }, points_lost: 0.53, solution: null };
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(answer(200, wrong));
    vi.stubGlobal('fetch', fetchMock);
    expect(await tryRetry('abc', 'secret', 6, 'c6d4')).toEqual({
      verdict: 'wrong',
      tried: wrong.tried,
      pointsLost: 0.53,
      loss: null,
      solution: null,
    });
    const [url, init = {}] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/games/abc/retry/6');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ move: 'c6d4' }));
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer secret');

    const solved = { ...wrong, verdict: 'solved', tried: SOLUTION.best, points_lost: 0, solution: SOLUTION };
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(answer(200, solved)));
    expect((await tryRetry('abc', 'secret', 6, 'g7g6')).solution).toEqual(SOLUTION);
  });

  it('reveals the solution with the token', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(answer(200, SOLUTION));
    vi.stubGlobal('fetch', fetchMock);
    expect(await revealRetry('abc', 'secret', 6)).toEqual(SOLUTION);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/games/abc/retry/6/reveal');
  });
});

describe("a position's legal moves", () => {
  it('come as the board takes them: squares from the UCI, a promotion role, the position after', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      answer(200, {
        fen: FEN,
        turn: 'black',
        check: false,
        status: 'ongoing',
        legal_moves: [
          { uci: 'c6d4', san: 'Nd4', fen: 'x' },
          { uci: 'b2a1q', san: 'bxa1=Q', fen: 'y' },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await getPositionMoves(FEN)).toEqual({
      check: false,
      legalMoves: [
        { from: 'c6', to: 'd4', promotion: null, uci: 'c6d4', san: 'Nd4', fen_after: 'x' },
        { from: 'b2', to: 'a1', promotion: 'q', uci: 'b2a1q', san: 'bxa1=Q', fen_after: 'y' },
      ],
    });
    expect(fetchMock.mock.calls[0][1]?.body).toBe(JSON.stringify({ fen: FEN }));
  });
});
