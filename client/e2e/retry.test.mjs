// "Retry your mistakes" (issue #25) against the real server and Stockfish: a finished game imported
// from a PGN, played as black with a blunder (3... Nf6?? allows Qxf7#). The review shows the class
// badges, the checked sentence and the key moments; Retry opens the position before the blunder
// with black at the bottom, and until the puzzle is solved nothing of the engine's answer is in the
// DOM: not its move, not its line, not an arrow. A wrong try (Nd4) is judged wrong by the server,
// the analysis's own best move solved, and the solution shows then. The engine's answer is read from
// `GET /api/games/{id}/analysis`, the same budget the server judges tries at.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clickMove, newPage, openGameFromApi, pieceOn, screenshot, seriousViolations, useBrowser, waitPiece } from './helpers.mjs';
import { serverPerFile } from './server.mjs';

/** Positions Stockfish searches per ply, and per try: enough to see a mate in one, quick on a shared machine. */
const ANALYSIS_NODES = 20_000;
/** Seven plies at that budget take well under a second each; the rest is margin for a busy machine. */
const REVIEW_WAIT_MS = 60_000;
/** One try is one search at the review's budget; margin for a busy machine. */
const VERDICT_WAIT_MS = 30_000;
const SCHOLARS_MATE = '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0';
/** 3... Nf6?? */
const BLUNDER_PLY = 6;

useBrowser();
const server = serverPerFile({ args: ['--analysis-nodes', String(ANALYSIS_NODES)], logName: 'server-retry.log' });

/** Whether the page's DOM (markup and attributes, not just what is visible) mentions `text`. */
const domHas = (page, text) => page.evaluate((needle) => document.documentElement.outerHTML.includes(needle), text);

describe('retry your mistakes', () => {
  it('shows the classes and key moments, then lets the player find the move without spoiling it', async () => {
    const page = await newPage({ baseURL: server.base });
    const id = await openGameFromApi(page, { color: 'black', pgn: SCHOLARS_MATE }, server.base);
    await page.getByTestId('review-panel').and(page.locator('[data-status="done"]')).waitFor({ timeout: REVIEW_WAIT_MS });

    // The review: a class badge beside the judgment, the key moments, the phases, the sentence.
    const nf6 = page.locator(`.move-list button.move[data-ply="${BLUNDER_PLY}"]`);
    const classBadge = nf6.getByTestId('class-badge');
    assert.equal(await classBadge.getAttribute('data-class'), 'blunder');
    assert.equal(await classBadge.getAttribute('aria-label'), 'Blunder');
    assert.ok((await page.locator('.move-list [data-testid="class-badge"]').count()) >= 6, 'a class for every move but the mate');
    const moments = page.getByTestId('key-moments');
    assert.equal(await moments.locator(`[data-side="black"] [data-testid="key-moment"][data-ply="${BLUNDER_PLY}"]`).count(), 1);
    // Named as the accuracy panel names the side (an imported game is nobody's: "Black").
    const blackName = (await page.locator('.accuracy-table tr[data-side="black"] th').first().textContent()).trim();
    assert.equal((await moments.locator('[data-side="black"] h3').textContent()).trim(), blackName);
    assert.match(await page.getByTestId('phase-opening-black').textContent(), /^(\d+%|—)$/);
    await moments.locator(`[data-testid="key-moment"][data-ply="${BLUNDER_PLY}"]`).click();
    await waitPiece(page, 'f6', 'bN');
    assert.equal(await page.getByTestId('explanation').textContent(), 'Allows mate in 1: Qxf7#.');
    assert.deepEqual(await seriousViolations(page), [], 'the review with classes and key moments');
    await screenshot(page, '11-review-classes');

    // The engine's answer, as the analysis has it: what the page must not show while the puzzle is open.
    const analysis = await (await fetch(`${server.base}/api/games/${id}/analysis`)).json();
    const blunder = analysis.plies.find((ply) => ply.ply === BLUNDER_PLY);
    const best = blunder.best;
    assert.match(best.uci, /^[a-h][1-8][a-h][1-8]$/);

    // Retry, started from the blunder chosen above: black at the bottom, the position before it.
    await page.getByTestId('retry-start').click();
    const panel = page.getByTestId('retry-panel');
    await panel.waitFor();
    await page.locator('.board-column .board').first().waitFor();
    await page.getByTestId('retry-counter').waitFor();
    assert.match(await page.getByTestId('retry-counter').textContent(), /^1 \/ \d+$/);
    await waitPiece(page, 'g8', 'bN'); // the knight is back on g8 (the board animates the change)
    assert.equal(await page.locator('[data-square="f6"] [data-piece]').count(), 0, 'the position before 3... Nf6');
    assert.equal(await pieceOn(page, 'c4'), 'wB');
    const a8 = await page.locator('[data-square="a8"]').boundingBox();
    const a1 = await page.locator('[data-square="a1"]').boundingBox();
    assert.ok(a8.y > a1.y, 'black at the bottom');

    const noSpoiler = async (when) => {
      assert.equal(await page.getByTestId('review-panel').count(), 0, `${when}: no review panel`);
      assert.equal(await page.getByTestId('best-move').count(), 0, `${when}: no best-move info`);
      assert.equal(await page.getByTestId('eval-graph').count(), 0, `${when}: no graph`);
      assert.equal(await page.locator('[data-best-move], [data-hint]').count(), 0, `${when}: no arrow`);
      assert.equal(await page.locator('[id*="arrowhead"], line[marker-end]').count(), 0, `${when}: no arrow drawn`);
      assert.equal(await page.getByTestId('retry-solution').count(), 0, `${when}: no solution`);
      assert.equal(await domHas(page, best.uci), false, `${when}: the best move's UCI is not in the DOM`);
      assert.equal(await domHas(page, `${best.san} was best`), false, `${when}: no "was best"`);
      assert.equal(await domHas(page, `Best was`), false, `${when}: no "Best was"`);
      assert.doesNotMatch(
        await panel.textContent(),
        new RegExp(`\\b${best.san.replace(/[+#]/g, '\\$&')}\\b`),
        `${when}: best SAN not in the panel`,
      );
      if (blunder.pv_san.length > 1) assert.equal(await domHas(page, blunder.pv_san.slice(0, 2).join(' ')), false, `${when}: no line`);
    };
    await noSpoiler('a fresh puzzle');
    assert.deepEqual(await seriousViolations(page), [], 'the retry puzzle');
    await screenshot(page, '12-retry-puzzle');

    // A wrong try: 3... Nd4 lets 4. Qxf7# happen.
    await clickMove(page, 'c6', 'd4');
    const verdict = page.getByTestId('retry-verdict');
    await verdict.waitFor({ timeout: VERDICT_WAIT_MS });
    assert.equal(await verdict.getAttribute('data-verdict'), 'wrong');
    assert.match(await verdict.textContent(), /^Nd4: Wrong: try again$/);
    await waitPiece(page, 'c6', 'bN'); // the board is back at the puzzle's position
    await noSpoiler('after a wrong try');
    assert.deepEqual(await seriousViolations(page), [], 'the verdict');
    await screenshot(page, '13-retry-wrong');

    // The analysis's best move solves it; the solution shows then.
    await clickMove(page, best.uci.slice(0, 2), best.uci.slice(2, 4));
    await page.locator('[data-testid="retry-verdict"][data-verdict="solved"]').waitFor({ timeout: VERDICT_WAIT_MS });
    assert.match(await verdict.textContent(), /Solved$/);
    const solution = page.getByTestId('retry-solution');
    await solution.waitFor();
    assert.equal(await page.getByTestId('retry-best').textContent(), best.san);
    assert.equal(await page.locator('.board').first().getAttribute('data-best-move'), best.uci.slice(0, 4));
    assert.equal(await page.getByTestId('retry-reveal').count(), 0, 'nothing left to reveal');
    assert.deepEqual(await seriousViolations(page), [], 'the solved puzzle');
    await screenshot(page, '14-retry-solved');

    // Back to the review: the best move's info is there again.
    await page.getByTestId('retry-close').click();
    await page.getByTestId('review-panel').waitFor();
    assert.equal(await page.getByTestId('retry-panel').count(), 0);
    await page.context().close();
  });
});
