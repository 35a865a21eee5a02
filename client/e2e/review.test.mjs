// The post-game review (issue #12) against the real server and Stockfish: a finished game opened by
// its address is analysed, and the review shows the graph, the badges, the best move and the figures.
// This file starts its own server with a small analysis budget (`--analysis-nodes`), so seven plies
// take a moment; a server without the analysis refuses the flag and the file fails at once.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { newPage, openGameFromApi, pieceOn, screenshot, useBrowser, waitPiece } from './helpers.mjs';
import { startServer } from './server.mjs';

/** Positions Stockfish searches per ply: enough to see a mate in one, quick on a shared machine. */
const ANALYSIS_NODES = 20_000;
/** Seven plies at that budget take well under a second each; the rest is margin for a busy machine. */
const REVIEW_WAIT_MS = 60_000;
const SCHOLARS_MATE = '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0';

useBrowser();
let server;
before(async () => {
  server = await startServer({ args: ['--analysis-nodes', String(ANALYSIS_NODES)], logName: 'server-review.log' });
});
after(async () => {
  await server?.stop();
});

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

    // 3... Nf6?? walks into mate in one.
    const nf6 = page.locator('.move-list button.move[data-ply="6"]');
    const badge = nf6.getByTestId('judgment-badge');
    assert.equal(await badge.getAttribute('data-judgment'), 'blunder');
    assert.equal(await badge.textContent(), '??');
    assert.equal(await badge.getAttribute('aria-label'), 'Blunder');
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
