// Practice (issue #41) against the real server and Stockfish: a game created under a player key
// with the lichess Board API (black blunders 3... Nf6?? and is mated), reviewed; with the key in
// localStorage the start screen offers "Practice — 1 due", and the practice screen runs the card:
// nothing of the engine's answer is in the DOM before a solve or reveal, a wrong try is judged
// wrong, a reveal shows the answer and the next due date. Axe, and 375 px without a sideways scroll.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clickMove, newPage, seriousViolations, useBrowser } from './helpers.mjs';
import { KEY, reviewedGame } from './practiceGame.mjs';
import { serverPerFile } from './server.mjs';

const ANALYSIS_NODES = 20_000;
const VERDICT_WAIT_MS = 30_000;

useBrowser();
const server = serverPerFile({ args: ['--analysis-nodes', String(ANALYSIS_NODES)], logName: 'server-practice.log' });

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
