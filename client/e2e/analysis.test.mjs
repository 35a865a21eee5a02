// The analysis board (issue #26) against the real server and Stockfish: a finished game opened for
// analysis, a side line played on the board, the live engine's three lines deepening, the line
// promoted, the tree saved with the game and exported as PGN with the variation in parentheses;
// a position built in the board editor, analysed, and played from; and what a rating band would play
// (Maia's networks) beside the engine, on a phone.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { drag, newPage, openGameFromApi, pieceOn, playHandedPosition, screenshot, useBrowser, waitPly } from './helpers.mjs';

useBrowser();

const SCHOLARS_MATE = '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0';

const board = (page) => page.getByTestId('analysis-board');
/** The SANs of the move tree as written, numbers and parentheses included. */
const treeText = async (page) =>
  (await page.getByTestId('tree-moves').innerText()).replace(/\s+/g, ' ').replace(/\( /g, '(').replace(/ \)/g, ')').trim();

/** Waits until the board shows the node at `ply` plies from the start. */
async function waitBoardPly(page, ply) {
  await page.locator(`[data-testid="analysis-board"][data-ply="${ply}"]`).waitFor();
}

/**
 * Records every depth the engine panel shows, in the page, from now on: the lines are streamed as
 * the search deepens, and a poll from here could miss the early ones.
 */
async function recordDepths(page) {
  await page.evaluate(() => {
    window.__depths = [];
    const panel = document.querySelector('[data-testid="engine-panel"]');
    const note = () => {
      const depth = panel.getAttribute('data-depth');
      // No depth: a new position's search is starting, and the list starts again with it.
      if (!depth) window.__depths = [];
      else if (depth && window.__depths.at(-1) !== Number(depth)) window.__depths.push(Number(depth));
    };
    note();
    new MutationObserver(note).observe(panel, { attributes: true, attributeFilter: ['data-depth'] });
  });
}

describe('the analysis board', () => {
  it('opens a finished game, plays a side line, shows three deepening engine lines, promotes the line and exports it', async () => {
    const page = await newPage({ viewport: { width: 1366, height: 860 } });
    const chunks = [];
    page.on('request', (request) => {
      if (/\/assets\/AnalysisScreen-[^/]+\.js$/.test(request.url())) chunks.push(request.url());
    });
    const id = await openGameFromApi(page, { color: 'white', pgn: SCHOLARS_MATE });
    await page.getByTestId('game-over').waitFor();
    assert.deepEqual(chunks, [], 'the game screen loads no analysis code');
    await page.getByTestId('analyse-game').click();
    // The board opens at the ply the game screen showed: its end.
    await page.waitForURL(new RegExp(`/analysis/${id}\\?ply=7$`));
    await board(page).waitFor();
    assert.equal(chunks.length, 1, 'the analysis board came in its own chunk');

    // The game's moves are the tree's mainline, the board at its end (checkmate: nothing to search).
    await waitBoardPly(page, 7);
    assert.equal(await treeText(page), '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#');
    assert.equal(await page.getByTestId('save-status').getAttribute('data-state'), 'saved');

    // Back to 1... e5 by the keyboard, then 2. Nf3 on the board: a side line.
    await page.keyboard.press('Home');
    await waitBoardPly(page, 0);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await waitBoardPly(page, 2);
    await page.locator('.board[data-locked="false"]').waitFor();
    await recordDepths(page);
    await drag(page, 'g1', 'f3');
    await waitBoardPly(page, 3);
    assert.equal(await pieceOn(page, 'f3'), 'wN');
    assert.equal(await treeText(page), '1. e4 e5 2. Qh5 (2. Nf3) 2... Nc6 3. Bc4 Nf6 4. Qxf7#');
    assert.equal(await page.locator('.tree-move.current').innerText(), '2. Nf3');

    // The engine's three lines for the new position, deepening until the search ends.
    const panel = page.getByTestId('engine-panel');
    await page.waitForFunction(
      () => window.__depths.length >= 2 || document.querySelector('[data-testid="engine-panel"][data-phase="done"]'),
      null,
      { timeout: 60_000 },
    );
    assert.equal(await panel.getByTestId('engine-line').count(), 3, 'three lines by default');
    const depths = await page.evaluate(() => window.__depths);
    assert.ok(depths.length >= 1, 'a depth was shown');
    assert.ok(
      depths.every((depth, index) => index === 0 || depth > depths[index - 1]),
      `the depth only grows: ${depths.join(', ')}`,
    );
    const evals = await panel.getByTestId('engine-line').evaluateAll((lines) => lines.map((line) => line.getAttribute('data-eval')));
    assert.ok(
      evals.every((text) => /^([+-]\d+\.\d\d|0\.00|#-?\d+)$/.test(text)),
      `scores from white's side: ${evals.join(', ')}`,
    );
    await screenshot(page, 'analysis-01-side-line');

    // Promote the side line: it becomes the main continuation after 1... e5.
    await page.getByTestId('analysis-promote').click();
    assert.equal(await treeText(page), '1. e4 e5 2. Nf3 (2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#)');
    await page.locator('[data-testid="save-status"][data-state="saved"]').waitFor();

    // A comment on the move, saved with the tree.
    await page.getByTestId('analysis-comment').fill('Develop first');
    await page.locator('[data-testid="save-status"][data-state="saved"]').waitFor();

    // The PGN the game exports holds the line in parentheses and the comment in braces (PGN wraps
    // its lines at 80 characters, inside a comment too).
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('analysis-download').click()]);
    const pgn = await readFile(await download.path(), 'utf8');
    assert.match(pgn, /\(\s*2\.\s*(Nf3|Qh5)/, `no variation in parentheses:\n${pgn}`);
    assert.match(pgn, /\{\s*Develop\s+first\s*\}/, `no comment in braces:\n${pgn}`);
    assert.match(pgn, /Qxf7#/, `no game moves:\n${pgn}`);

    // The tree is kept with the game: a reload shows it again.
    await page.reload();
    await board(page).waitFor();
    assert.match(await treeText(page), /Nf3/);
    assert.match(await treeText(page), /Develop first/);
    await screenshot(page, 'analysis-02-promoted');
    await page.context().close();
  });

  it('analyses a position built in the board editor, plays a move there, and starts a game from it', async () => {
    const page = await newPage({ viewport: { width: 1366, height: 860 } });
    await page.goto('/editor');
    await page.getByTestId('board-editor').waitFor();
    // King and rook against king, white to move.
    await page.getByTestId('editor-load').fill('4k3/8/8/8/8/8/8/R3K3 w Q - 0 1');
    await page.getByTestId('editor-load-button').click();
    await page.locator('[data-testid="editor-verdict"][data-state="ready"]').waitFor();
    await page.getByTestId('editor-analyse').click();
    await page.waitForURL((url) => url.pathname === '/analysis' && url.searchParams.get('fen') === '4k3/8/8/8/8/8/8/R3K3 w Q - 0 1');
    await board(page).waitFor();
    assert.equal(await pieceOn(page, 'a1'), 'wR');
    await page.getByTestId('tree-moves-empty').waitFor();
    assert.equal(await page.getByTestId('save-status').getAttribute('data-state'), 'local');

    // A line's first move is a button that plays it.
    await page.getByTestId('engine-line').first().waitFor();
    // Read the move and click in one turn of the page: lines deepen and may change between two
    // round trips, and then the button clicked would not be the move read.
    const uci = await page
      .getByTestId('engine-play')
      .first()
      .evaluate((button) => {
        button.click();
        return button.dataset.uci;
      });
    await waitBoardPly(page, 1);
    // The piece lands on the line's square once the board's move animation ends.
    await page.locator(`[data-square="${uci.slice(2, 4)}"] [data-piece^="w"]`).waitFor();

    // The free board's PGN has the position's headers.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('analysis-download').click()]);
    const pgn = await readFile(await download.path(), 'utf8');
    assert.match(pgn, /\[FEN "4k3\/8\/8\/8\/8\/8\/8\/R3K3 w Q - 0 1"\]/, pgn);
    await screenshot(page, 'analysis-03-editor-position');

    // Play Stockfish from the position after that move: the start screen takes it, as from the editor.
    const fen = await board(page).getAttribute('data-fen');
    await page.getByTestId('analysis-play-from').click();
    await playHandedPosition(page, fen);
    // Black is to move there: Stockfish replies at once.
    await waitPly(page, 1);
    await page.context().close();
  });

  it('shows what a chosen rating band would play, beside the engine, on a 375 px phone', async () => {
    const page = await newPage({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    await page.goto(`/analysis?fen=${encodeURIComponent(start)}`);
    await board(page).waitFor();
    await page.locator('.board[data-locked="false"]').waitFor();
    await drag(page, 'e2', 'e4');
    await waitBoardPly(page, 1);

    /** The panel's moves once it shows `band`'s answer, as [uci, probability]. */
    const shown = async (band) => {
      await page.locator(`[data-testid="human-panel"][data-band="${band}"][data-status="success"]`).waitFor();
      return page.getByTestId('human-move').evaluateAll((rows) => rows.map((row) => [row.dataset.uci, Number(row.dataset.probability)]));
    };
    /** The server's own answer for the same game (its start and moves), as the panel should show it. */
    const served = async (band) => {
      const response = await page.request.get(`/api/explore/human?fen=${encodeURIComponent(start)}&moves=e2e4&band=${band}&count=5`);
      assert.equal(response.status(), 200);
      return (await response.json()).moves.map((move) => [move.uci, move.probability]);
    };

    // The 1500 band by default: five replies to 1.e4, most likely first, as the API gives them.
    const at1500 = await shown(1500);
    assert.equal(at1500.length, 5);
    assert.deepEqual(at1500, await served(1500));
    assert.ok(
      at1500.every(([, p], index) => index === 0 || p <= at1500[index - 1][1]),
      'most likely first',
    );
    // The engine's lines are there too.
    await page.getByTestId('engine-line').first().waitFor({ timeout: 60_000 });

    // Another band asks again; its answer is the 1100 network's, not the 1500's.
    await page.getByTestId('human-band').selectOption('1100');
    const at1100 = await shown(1100);
    assert.deepEqual(at1100, await served(1100));
    assert.notDeepEqual(at1100, at1500, 'the 1100 network weighs the moves differently');

    // The panel fits the phone: nothing past its edge, no sideways scrolling.
    const box = await page.getByTestId('human-panel').boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 375, `the panel fits: ${JSON.stringify(box)}`);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), 'no sideways scrolling');
    await screenshot(page, 'analysis-04-human-moves-375');

    // A move is a button that plays it on the board.
    const [uci] = at1100[0];
    await page.locator(`[data-testid="human-move"][data-uci="${uci}"] button`).click();
    await waitBoardPly(page, 2);
    await page.locator(`[data-square="${uci.slice(2, 4)}"] [data-piece^="b"]`).waitFor();
    await page.context().close();
  });

  it('opens a pasted PGN with its variations and comments from the start screen', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByTestId('play').waitFor();
    await page.getByTestId('from-position').check();
    await page.getByTestId('position-text').fill('1. e4 e5 (1... c5 {Sicilian} 2. Nf3) 2. Nf3 *');
    await page.getByTestId('position-preview').waitFor();
    await page.getByTestId('position-analyse').click();
    await page.waitForURL((url) => url.pathname === '/analysis');
    await board(page).waitFor();
    assert.equal(await treeText(page), '1. e4 e5 (1... c5 Sicilian 2. Nf3) 2. Nf3');
    await page.context().close();
  });
});
