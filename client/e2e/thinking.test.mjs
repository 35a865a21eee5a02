// Stockfish's search as the player sees it: depth reached out of the target, the evaluation and the
// bar, streamed by the server's event stream. This file starts its own server with a deeper search
// and Stockfish behind a gate (gated-stockfish.mjs) that holds its `bestmove` while a file exists, so
// the thinking state stays on screen for as long as the test looks at it, however fast the machine.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { drag, newPage, screenshot, sounds, startFromUi, useBrowser, waitPly } from './helpers.mjs';
import { startServer } from './server.mjs';

const TARGET_DEPTH = 18;
const GATED_ENGINE = join(dirname(fileURLToPath(import.meta.url)), 'gated-stockfish.mjs');
const EVAL = /^([+-]\d+\.\d\d|0\.00|#-?\d+)$/;
const holdDir = mkdtempSync(join(tmpdir(), 'alphachess-e2e-'));
const holdFile = join(holdDir, 'hold');
/** The bar glides for 0.8 s; screenshots wait for it. */
const BAR_SETTLE_MS = 900;

useBrowser();
let server;
before(async () => {
  server = await startServer({
    depth: TARGET_DEPTH,
    stockfish: GATED_ENGINE,
    env: { ALPHACHESS_E2E_HOLD_FILE: holdFile },
    logName: 'server-thinking.log',
  });
});
after(async () => {
  rmSync(holdDir, { recursive: true, force: true });
  await server?.stop();
});

const holdStockfish = () => writeFileSync(holdFile, '');
const releaseStockfish = () => rmSync(holdFile, { force: true });

/** Turns on "Show evaluation" (off by default; the bar, the score and the line show only then). */
async function showEvaluation(page) {
  await page.getByTestId('show-eval').check();
}

/** Waits until the readout shows a depth out of the target, and returns it with the evaluation. */
async function searchReadout(page) {
  const depth = page.getByTestId('search-depth');
  await depth.waitFor();
  return { depth: await depth.textContent(), evaluation: await page.getByTestId('search-eval').textContent() };
}

/** Whether Takeback and Abort (in place of Resign before two moves each) are disabled. */
async function actionsClosed(page) {
  return { takeback: await page.getByTestId('takeback').isDisabled(), resign: await page.getByTestId('abort').isDisabled() };
}

describe('Stockfish thinking, live', () => {
  it('shows only the depth by default; "Show evaluation", remembered, adds the bar, the score, the line and whose search it is', async () => {
    const page = await newPage({ baseURL: server.base });
    await startFromUi(page, { color: 'white', level: 9 });
    holdStockfish();
    try {
      await drag(page, 'e2', 'e4');
      await page.getByTestId('search-depth').waitFor();
      for (const id of ['eval-bar', 'search-eval', 'search-pv', 'eval-source']) {
        assert.equal(await page.getByTestId(id).count(), 0, `no ${id} unless asked`);
      }
      assert.equal(await page.getByTestId('show-eval').isChecked(), false);
      await showEvaluation(page);
      await page.getByTestId('eval-bar').waitFor();
      assert.match(await page.getByTestId('search-eval').textContent(), EVAL);
      assert.match(await page.getByTestId('eval-source').textContent(), /level 9 search/);
    } finally {
      releaseStockfish();
    }
    await waitPly(page, 2);
    await page.reload();
    await page.getByTestId('eval-bar').waitFor();
    assert.equal(await page.getByTestId('show-eval').isChecked(), true, 'remembered across a reload');
    await page.context().close();
  });

  it('shows the depth reached out of the target and the evaluation during the search, then the reply', async () => {
    const page = await newPage({ baseURL: server.base });
    await startFromUi(page, { color: 'white', level: 21 }); // full strength: the target is the server's depth
    await showEvaluation(page);
    const bar = page.getByTestId('eval-bar');
    await bar.waitFor();
    assert.equal(await bar.getAttribute('data-eval'), '', 'no evaluation before the first search');
    holdStockfish();
    try {
      await drag(page, 'e2', 'e4');
      const { depth, evaluation } = await searchReadout(page);
      const [reached, target] = depth.split('/').map(Number);
      assert.equal(target, TARGET_DEPTH);
      assert.ok(reached >= 1 && reached <= TARGET_DEPTH, `depth ${depth}`);
      assert.match(evaluation, EVAL);
      assert.match(await bar.getAttribute('data-eval'), EVAL);
      assert.match(await page.getByTestId('search-pv').textContent(), /^1\.\.\. \S+/, "the line starts with black's move 1");
      assert.equal(await page.locator('.board').getAttribute('data-locked'), 'true');
      await page.waitForTimeout(BAR_SETTLE_MS);
      await screenshot(page, '07-thinking-eval');
    } finally {
      releaseStockfish();
    }
    await waitPly(page, 2);
    assert.equal(await page.getByTestId('thinking').count(), 0);
    assert.match(await bar.getAttribute('data-eval'), EVAL, 'the bar keeps the last evaluation');
    assert.match(await page.getByTestId('announcer').textContent(), /^Stockfish played /);
    await page.context().close();
  });

  it('fits the search readout and the bar on a 360 px phone', async () => {
    const page = await newPage({ baseURL: server.base, viewport: { width: 360, height: 740 } });
    await startFromUi(page, { color: 'white', level: 9 });
    await showEvaluation(page);
    holdStockfish();
    try {
      await drag(page, 'd2', 'd4');
      await searchReadout(page);
      const board = await page.locator('.board').boundingBox();
      const bar = await page.getByTestId('eval-bar').boundingBox();
      assert.ok(bar.x + bar.width <= board.x, 'the bar stands left of the board');
      assert.ok(board.width >= 320 && board.x + board.width <= 360, `board is ${board.width}px at ${board.x}`);
      const indicator = await page.getByTestId('thinking').boundingBox();
      assert.ok(indicator.x + indicator.width <= 360, 'the readout stays on screen');
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), 'no sideways scrolling');
      await page.waitForTimeout(BAR_SETTLE_MS);
      await screenshot(page, '08-phone-thinking');
    } finally {
      releaseStockfish();
    }
    await waitPly(page, 2);
    await page.context().close();
  });

  it('shows Stockfish still thinking after a reload mid-search, with Takeback and Resign closed as before, then its move from the stream', async () => {
    const page = await newPage({ baseURL: server.base });
    await startFromUi(page, { color: 'white', level: 9 });
    await showEvaluation(page);
    holdStockfish();
    try {
      await drag(page, 'c2', 'c4');
      await searchReadout(page);
      assert.deepEqual(await actionsClosed(page), { takeback: true, resign: true }, 'closed during the search');
      await page.reload();
      await page.getByTestId('thinking').waitFor();
      assert.equal(await page.locator('.game-screen').getAttribute('data-ply'), '1');
      assert.equal(await page.locator('.board').getAttribute('data-locked'), 'true');
      assert.deepEqual(await actionsClosed(page), { takeback: true, resign: true }, 'still closed after the reload');
    } finally {
      releaseStockfish();
    }
    await waitPly(page, 2);
    assert.deepEqual(await actionsClosed(page), { takeback: false, resign: false }, "open again on the player's turn");
    assert.equal(await page.getByTestId('thinking').count(), 0);
    assert.match(await page.getByTestId('announcer').textContent(), /^Stockfish played /);
    assert.equal((await sounds(page)).length, 1, "Stockfish's move sounds");
    await page.context().close();
  });
});
