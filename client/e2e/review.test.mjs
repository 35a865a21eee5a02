// The post-game review (issue #12) against the real server and Stockfish: a finished game opened by
// its address is analysed, and the review shows the graph, the badges, the best move and the figures.
// This file starts its own server with a small analysis budget (`--analysis-nodes`), so seven plies
// take a moment; a server without the analysis refuses the flag and the file fails at once. The
// two-pass test (issue #24) starts another with a large budget, so that the final pass is slow and
// the quick pass's provisional graph can be seen before it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newPage, openGameFromApi, pieceOn, screenshot, useBrowser, waitPiece } from './helpers.mjs';
import { serverPerFile } from './server.mjs';

/** Positions Stockfish searches per ply: enough to see a mate in one, quick on a shared machine. */
const ANALYSIS_NODES = 20_000;
/** Seven plies at that budget take well under a second each; the rest is margin for a busy machine. */
const REVIEW_WAIT_MS = 60_000;
const SCHOLARS_MATE = '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0';

/**
 * The final pass's budget for the two-pass test: about half a second per position here, so the 47
 * positions below take twenty seconds or more, while the quick pass (25,000 nodes) draws them all
 * in one or two: a wide enough window to see the whole provisional graph, and a short test.
 */
const SLOW_ANALYSIS_NODES = 300_000;
/** The final pass at that budget on a busy two-core machine, with a wide margin. */
const SLOW_REVIEW_WAIT_MS = 600_000;
/** Anderssen–Dufresne, Berlin 1852 (the Evergreen game): 47 plies, ending in checkmate. */
const EVERGREEN =
  '1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 6. d4 exd4 7. O-O d3 8. Qb3 Qf6 9. e5 Qg6 10. Re1 Nge7 ' +
  '11. Ba3 b5 12. Qxb5 Rb8 13. Qa4 Bb6 14. Nbd2 Bb7 15. Ne4 Qf5 16. Bxd3 Qh5 17. Nf6+ gxf6 18. exf6 Rg8 ' +
  '19. Rad1 Qxf3 20. Rxe7+ Nxe7 21. Qxd7+ Kxd7 22. Bf5+ Ke8 23. Bd7+ Kf8 24. Bxe7# 1-0';
const EVERGREEN_PLIES = 47;

useBrowser();
const server = serverPerFile({ args: ['--analysis-nodes', String(ANALYSIS_NODES)], logName: 'server-review.log' });

describe('the post-game review', () => {
  it('analyses a finished game opened by its address: graph, badges, best move, figures, and the graph jumps to a move', async () => {
    const page = await newPage({ baseURL: server.base });
    await openGameFromApi(page, { color: 'white', pgn: SCHOLARS_MATE }, server.base);
    assert.equal(await page.locator('.game-screen').getAttribute('data-status'), 'finished');

    const review = page.getByTestId('review-panel');
    await review.and(page.locator('[data-status="done"]')).waitFor({ timeout: REVIEW_WAIT_MS });
    const graph = page.getByTestId('eval-graph');
    assert.match(await graph.getAttribute('aria-label'), /^Evaluation graph: .*1 blunder by black/);
    assert.equal(await graph.locator('circle[data-ply]').count(), 7, 'one point per ply');

    // 3... Nf6?? walks into mate in one: one badge, the class, whose glyph is the judgment's (issue #38).
    const nf6 = page.locator('.move-list button.move[data-ply="6"]');
    const badge = nf6.getByTestId('class-badge');
    assert.equal(await badge.getAttribute('data-class'), 'blunder');
    assert.equal(await badge.textContent(), '??');
    assert.equal(await badge.getAttribute('aria-label'), 'Blunder');
    // A single badge per move: no judgment beside the class, anywhere in the move list.
    assert.equal(await page.locator('.move-list [data-testid="judgment-badge"]').count(), 0, 'no second badge');
    for (const count of await page
      .locator('.move-list button.move')
      .evaluateAll((moves) =>
        moves.map((move) => move.querySelectorAll('[data-testid="class-badge"], [data-testid="judgment-badge"]').length),
      )) {
      assert.ok(count <= 1, `at most one badge per move, got ${count}`);
    }
    // The legend of the classes sits on the review screen itself.
    const legend = page.getByTestId('class-legend');
    assert.ok(await legend.isVisible(), 'the legend is shown');
    for (const [moveClass, name] of [
      ['book', 'Book'],
      ['great', 'Great'],
      ['best', 'Best'],
      ['excellent', 'Excellent'],
      ['good', 'Good'],
      ['inaccuracy', 'Inaccuracy'],
      ['mistake', 'Mistake'],
      ['blunder', 'Blunder'],
      ['miss', 'Miss'],
    ]) {
      const item = legend.locator(`.class-legend-item[data-class="${moveClass}"]`);
      assert.equal(await item.locator('[data-testid="class-badge"]').getAttribute('aria-label'), name);
      assert.ok((await item.locator('dd').textContent()).length > 0, `a rule for ${name}`);
    }
    assert.match(await legend.textContent(), /loses more than 20 %/);
    // The best move's panel shows the same single badge.
    await nf6.click();
    assert.equal(await page.getByTestId('best-move').locator('[data-testid="judgment-badge"]').count(), 0);
    assert.equal(await page.getByTestId('best-move').getByTestId('class-badge').getAttribute('data-class'), 'blunder');
    assert.equal(await graph.locator('circle[data-ply="6"]').getAttribute('data-judgment'), 'blunder');
    assert.match(await page.getByTestId('accuracy-white').textContent(), /^\d+%$/);
    assert.match(await page.getByTestId('accuracy-black').textContent(), /^\d+%$/);
    assert.match(await page.getByTestId('opening').textContent(), /C20 King's Pawn Game: Wayward Queen Attack/);

    // The blunder, selected from the move list: the board shows it with Stockfish's move instead.
    await nf6.click();
    await waitPiece(page, 'f6', 'bN');
    const best = await page.locator('.board').getAttribute('data-best-move');
    assert.match(best ?? '', /^[a-h][1-8][a-h][1-8]$/, 'the best move is drawn as an arrow');
    assert.notEqual(best, 'g8f6', 'the arrow is not the move played');
    assert.match(await page.getByTestId('best-move').textContent(), /Blunder\./);
    await screenshot(page, '09-review');

    // A click on the graph's point for 2... Nc6 shows the position after it.
    await graph.locator('circle[data-ply="4"]').click();
    await page.locator('.move-list button.move[data-ply="4"][aria-current="step"]').waitFor();
    await waitPiece(page, 'f1', 'wB'); // before 3. Bc4
    assert.equal(await pieceOn(page, 'c6'), 'bN');
    assert.equal(await pieceOn(page, 'f6'), null);
    assert.equal(await page.getByTestId('best-move').getAttribute('data-ply'), '4');

    // The keys step on from there, as during the game.
    await page.keyboard.press('ArrowRight');
    await page.locator('.move-list button.move[data-ply="5"][aria-current="step"]').waitFor();
    await waitPiece(page, 'c4', 'wB');
    await page.context().close();
  });
});

describe('the post-game review in two passes (issue #24)', () => {
  const slow = serverPerFile({ args: ['--analysis-nodes', String(SLOW_ANALYSIS_NODES)], logName: 'server-review-slow.log' });

  it('the whole graph appears before the review is done', async () => {
    const page = await newPage({ baseURL: slow.base });
    await openGameFromApi(page, { color: 'white', pgn: EVERGREEN }, slow.base);
    assert.equal(await page.locator('.game-screen').getAttribute('data-status'), 'finished');
    assert.equal(await page.locator('.game-screen').getAttribute('data-ply'), String(EVERGREEN_PLIES));

    // Whichever comes first: a point for every ply, some still provisional, while the review runs
    // (the quick pass), or the end of the review (a server without the quick pass, which draws
    // the graph one final ply at a time and so never shows it whole before it is done).
    const first = await page.waitForFunction(
      (plies) => {
        const status = document.querySelector('[data-testid="review-panel"]')?.getAttribute('data-status');
        if (status === 'done' || status === 'failed') return status;
        const graph = document.querySelector('[data-testid="eval-graph"]');
        const points = graph?.querySelectorAll('circle[data-ply]').length ?? 0;
        const provisional = graph?.querySelectorAll('circle[data-provisional]').length ?? 0;
        return points === plies && provisional > 0 ? 'whole graph, provisional' : false;
      },
      EVERGREEN_PLIES,
      { timeout: SLOW_REVIEW_WAIT_MS, polling: 100 },
    );
    assert.equal(
      await first.jsonValue(),
      'whole graph, provisional',
      'the graph should have a point for every ply, some provisional, before the review is done (does the server run the quick pass?)',
    );

    const review = page.getByTestId('review-panel');
    const graph = page.getByTestId('eval-graph');
    assert.notEqual(await review.getAttribute('data-status'), 'done');
    await page
      .getByTestId('analysis-status')
      .filter({ hasText: /^Quick look ready — refining \d+\/\d+$/ })
      .waitFor();
    assert.match(await graph.getAttribute('aria-label'), /provisional\)$/);
    assert.ok((await graph.locator('path.eval-graph-line.provisional').count()) > 0, 'a dashed stretch of curve');
    const badges = page.locator('.move-list [data-testid="class-badge"][data-provisional]');
    for (const label of await badges.evaluateAll((all) => all.map((badge) => badge.getAttribute('aria-label')))) {
      assert.match(label, /^(Book|Great|Best|Excellent|Good|Inaccuracy|Mistake|Blunder|Miss) \(provisional\)$/);
    }
    await graph.scrollIntoViewIfNeeded();
    await screenshot(page, '10-review-provisional');

    // The final pass replaces every provisional ply: nothing provisional is left when it is done.
    await review.and(page.locator('[data-status="done"]')).waitFor({ timeout: SLOW_REVIEW_WAIT_MS });
    assert.equal(await graph.locator('circle[data-ply]').count(), EVERGREEN_PLIES, 'one point per ply');
    assert.equal(await graph.locator('circle[data-provisional]').count(), 0, 'no provisional mark left');
    assert.equal(await graph.locator('path.eval-graph-line.provisional').count(), 0, 'no dashed curve left');
    assert.equal(await page.locator('[data-testid="class-badge"][data-provisional]').count(), 0, 'no provisional badge left');
    assert.doesNotMatch(await graph.getAttribute('aria-label'), /provisional/);
    assert.match(await page.getByTestId('accuracy-white').textContent(), /^\d+%$/);
    await page.context().close();
  });
});
