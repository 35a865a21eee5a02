// Practice (issue #41) against the real server and Stockfish: a game created under a player key
// with the lichess Board API (black blunders 3... Nf6?? and is mated), reviewed; with the key in
// localStorage the start screen offers "Practice — 1 due", and the practice screen runs the card:
// nothing of the engine's answer is in the DOM before a solve or reveal, a wrong try is judged
// wrong, a reveal shows the answer and the next due date. Axe, and 375 px without a sideways scroll.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { clickMove, newPage, seriousViolations, useBrowser } from './helpers.mjs';
import { startServer } from './server.mjs';

const ANALYSIS_NODES = 20_000;
const REVIEW_WAIT_MS = 60_000;
const VERDICT_WAIT_MS = 30_000;
const KEY = 'kq3F9xZ2bV7nLmP0sT4wYc8dR1eH6jA5uG_iO-NlQzE';
/** After 1. e4 e5 2. Qh5 Nc6 3. Bc4: black to move; Nf6?? allows Qxf7#. */
const FEN = 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3';

useBrowser();
let server;
before(async () => {
  server = await startServer({ args: ['--analysis-nodes', String(ANALYSIS_NODES)], logName: 'server-practice.log' });
});
after(async () => {
  await server?.stop();
});

const auth = { Authorization: `Bearer ${KEY}` };

/** A game under the key where black blunders and is mated, reviewed: its id. */
async function reviewedGame(base) {
  const created = await fetch(`${base}/api/challenge/ai`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ level: '8', color: 'black', fen: FEN }),
  });
  assert.ok(created.ok, `challenge: ${created.status}`);
  const { id } = await created.json();
  const moved = await fetch(`${base}/api/board/game/${id}/move/g8f6`, { method: 'POST', headers: auth });
  assert.ok(moved.ok, `move: ${moved.status}`);
  for (let i = 0; i < 600; i++) {
    const view = await (await fetch(`${base}/api/games/${id}`)).json();
    if (view.status !== 'ongoing') break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const view = await (await fetch(`${base}/api/games/${id}`)).json();
  if (view.status === 'ongoing') await fetch(`${base}/api/board/game/${id}/resign`, { method: 'POST', headers: auth });
  const asked = await fetch(`${base}/api/games/${id}/analysis`, { method: 'POST', headers: auth });
  assert.equal(asked.status, 202);
  const deadline = Date.now() + REVIEW_WAIT_MS;
  while (Date.now() < deadline) {
    const analysis = await (await fetch(`${base}/api/games/${id}/analysis`)).json();
    if (analysis.status === 'done') return id;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the review did not finish');
}

describe('practice', () => {
  it('runs a due card from the start screen without spoiling it', async () => {
    await reviewedGame(server.base);

    const page = await newPage({ baseURL: server.base });
    await page.addInitScript((key) => window.localStorage.setItem('alphachess:player-key', key), KEY);
    await page.goto('/');
    const link = page.getByTestId('practice-link');
    await link.waitFor();
    assert.match(await link.textContent(), /^Practice — 1 due$/);
    await link.click();
    await page.getByTestId('practice-run').waitFor();
    await page.getByTestId('practice-weaknesses').waitFor();
    assert.equal(await page.getByTestId('practice-solution').count(), 0);
    const before = await page.evaluate(() => document.documentElement.outerHTML);
    assert.equal(before.includes('Best: '), false, 'no solution before a try');
    assert.deepEqual(await seriousViolations(page), [], 'the practice screen');

    // A wrong try: a rook move that loses the game to Qxf7#.
    await clickMove(page, 'a8', 'b8');
    const verdict = page.getByTestId('practice-verdict');
    await verdict.waitFor({ timeout: VERDICT_WAIT_MS });
    assert.notEqual(await verdict.getAttribute('data-verdict'), 'solved');
    assert.match(await verdict.textContent(), /allows a forced mate \(\d+ % → 0 %\)/, "the try's loss in retry's words");
    assert.equal(await page.getByTestId('practice-solution').count(), 0, 'no solution after a wrong try');

    await page.getByTestId('practice-reveal').click();
    await page.getByTestId('practice-solution').waitFor({ timeout: VERDICT_WAIT_MS });
    const best = (await page.getByTestId('practice-best').textContent()).trim();
    assert.match(best, /^[KQRBN]?[a-h]?[1-8]?x?[a-h][1-8]/);
    assert.equal(before.includes(`>${best}<`), false, 'the best move was not on the page before the reveal');
    await page.getByTestId('practice-due').waitFor();

    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `no horizontal scroll at 375 px (${overflow} px)`);
  });
});
