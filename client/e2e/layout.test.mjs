// Layout on a phone, and errors that must leave the player a way on.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  center,
  clickMove,
  moveTexts,
  useBrowser,
  newPage,
  openGameFromApi,
  screenshot,
  square,
  startFromUi,
  waitDropTarget,
  waitIdle,
  waitPly,
} from './helpers.mjs';
import { axeViolations } from './axe.mjs';
import { KEY, reviewedGame } from './practiceGame.mjs';
import { startServer } from './server.mjs';

useBrowser();

describe('layout and errors', () => {
  it('fits a 360 px phone without sideways scrolling, with the board filling the width', async () => {
    const page = await newPage({ viewport: { width: 360, height: 740 } });
    await page.goto('/');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360));
    await screenshot(page, '05-phone-start');
    await startFromUi(page, { color: 'white' });
    await clickMove(page, 'e2', 'e4');
    await waitPly(page, 2);
    const board = await page.locator('.board').boundingBox();
    assert.ok(board.width >= 330 && board.x >= 0 && board.x + board.width <= 360, `board is ${board.width}px at ${board.x}`);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360));
    await screenshot(page, '06-phone-game');
    await page.context().close();
  });

  it('puts Hint, Takeback and Abort (Resign after two moves each) in one bar under the board on a 375 px phone, file letters clear of rank 1, and says "tap"', async () => {
    const page = await newPage({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    await startFromUi(page, { color: 'white' });
    await square(page, 'e2').tap();
    await square(page, 'e4').tap();
    await waitPly(page, 2);
    // The board column: the board, its file letters, the player's strip and the opening's name.
    const column = await page.locator('.board-column').boundingBox();
    const bar = await page.getByTestId('play-actions').boundingBox();
    const panel = await page.locator('.side-panel').boundingBox();
    const columnBottom = column.y + column.height;
    assert.ok(bar.y >= columnBottom && bar.y - columnBottom < 24, `the bar is right under the board (${bar.y} vs ${columnBottom})`);
    assert.ok(bar.y + bar.height <= 740, 'the bar is on the first screen, no scrolling needed');
    assert.ok(bar.y + bar.height <= panel.y, 'before the side panel');
    const buttons = await Promise.all(['hint-button', 'takeback', 'abort'].map((id) => page.getByTestId(id).boundingBox()));
    assert.ok(
      buttons.every((box) => Math.abs(box.y - buttons[0].y) < 1 && box.x >= 0 && box.x + box.width <= 375),
      'one row on screen',
    );
    for (const file of 'abcdefgh') {
      const letter = await page.locator(`.file-labels [data-file="${file}"]`).boundingBox();
      const cell = await square(page, `${file}1`).boundingBox();
      assert.ok(letter.y >= cell.y + cell.height - 0.5, `${file} is under rank 1, not on its piece`);
      assert.ok(letter.x >= cell.x - 0.5 && letter.x + letter.width <= cell.x + cell.width + 0.5, `${file} is under its file`);
    }
    assert.equal(await square(page, 'a1').getByText('a', { exact: true }).isVisible(), false, 'no letter inside the square');
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), 'no sideways scrolling');
    await screenshot(page, '10-phone-game-375');
    await page.getByRole('button', { name: 'Previous move (←)' }).tap();
    const status = await page.getByTestId('status').textContent();
    assert.match(status, /Tap ▶/);
    assert.doesNotMatch(status, /Press/);
    await page.context().close();
  });

  it('plays by tapping on a touch screen, where pieces never scroll the page', async () => {
    const page = await newPage({ viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });
    await startFromUi(page, { color: 'white' });
    const touchAction = await page.locator('[data-square="e2"] [data-piece]').evaluate((el) => getComputedStyle(el).touchAction);
    assert.equal(touchAction, 'none');
    await square(page, 'e2').tap();
    await square(page, 'e4').tap();
    await waitPly(page, 2);
    assert.equal((await moveTexts(page))[0], 'e4');
    await page.context().close();
  });

  it('drags a piece with a finger without scrolling the page', async () => {
    const page = await newPage({ viewport: { width: 360, height: 640 }, hasTouch: true, isMobile: true });
    await startFromUi(page, { color: 'white' });
    assert.ok(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight), 'the page can scroll');
    const cdp = await page.context().newCDPSession(page);
    const from = await center(page, 'e2');
    const to = await center(page, 'e4');
    const touch = (type, point) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: point ? [{ x: point.x, y: point.y }] : [] });
    await touch('touchStart', from);
    for (let i = 1; i <= 10; i++) await touch('touchMove', { x: from.x, y: from.y + ((to.y - from.y) * i) / 10 });
    await waitDropTarget(page, 'e4');
    await touch('touchEnd');
    await waitPly(page, 2);
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the page did not scroll');
    assert.equal((await moveTexts(page))[0], 'e4');
    await page.context().close();
  });

  it('shows the whole editor board on a phone on its side, the settings beside it', async () => {
    const page = await newPage({ viewport: { width: 812, height: 375 }, hasTouch: true, isMobile: true });
    await page.goto('/editor');
    await page.locator('[data-testid="editor-verdict"][data-state="ready"]').waitFor();
    await assertFits(page, 'editor on its side');
    const board = await page.locator('.board').first().boundingBox();
    assert.ok(board.y >= 0 && board.y + board.height <= 375, `the board spans ${board.y}..${board.y + board.height} of 375 px`);
    await page.context().close();
  });

  it('remembers mute and volume across a reload', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByTestId('mute').click();
    await page.reload();
    assert.equal(await page.getByTestId('mute').getAttribute('aria-pressed'), 'true');
    await page.getByTestId('mute').click();
    await page.getByLabel('Volume').fill('30');
    await page.reload();
    assert.equal(await page.getByTestId('mute').getAttribute('aria-pressed'), 'false');
    assert.equal(await page.getByLabel('Volume').inputValue(), '30');
    await page.context().close();
  });

  it('copies the FEN and offers the game as a PGN download', async () => {
    const page = await newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await startFromUi(page, { color: 'white' });
    await clickMove(page, 'e2', 'e4');
    await waitPly(page, 2);
    await page.getByTestId('copy-fen').click();
    await page.getByText('FEN copied').waitFor();
    const fen = await page.evaluate(() => navigator.clipboard.readText());
    const id = new URL(page.url()).pathname.split('/').pop();
    const game = await (await page.request.get(`/api/games/${id}`)).json();
    assert.equal(fen, game.fen);
    const href = await page.getByRole('link', { name: 'Download the game as PGN' }).getAttribute('href');
    const pgn = await page.request.get(href);
    assert.equal(pgn.status(), 200);
    assert.match(await pgn.text(), /1\. e4 /);
    await page.context().close();
  });

  it('copies a link that continues the game on another device, its token never sent to the server', async () => {
    const page = await newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await startFromUi(page, { color: 'white' });
    await clickMove(page, 'e2', 'e4');
    await waitPly(page, 2);
    await page.getByTestId('copy-continue-link').click();
    await page.getByText('Link copied').waitFor();
    const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    const token = new URLSearchParams(link.hash.slice(1)).get('token');
    assert.ok(token && token.length >= 16, 'the token is in the fragment');
    assert.equal(link.pathname, new URL(page.url()).pathname);

    const other = await newPage(); // another device: its own storage, no token
    const sent = [];
    other.on('request', (request) => sent.push(`${request.url()} ${JSON.stringify(request.headers())}`));
    await other.goto(link.href);
    await waitIdle(other);
    assert.equal(new URL(other.url()).hash, '', 'the token is gone from the address bar');
    assert.equal(await other.evaluate((key) => localStorage.getItem(key), `alphachess:token:${link.pathname.split('/').pop()}`), token);
    assert.ok(
      sent.every((line) => !line.split(' ')[0].includes(token)),
      'no address sent to the server carries the token',
    );
    await clickMove(other, 'd2', 'd4'); // the other device plays on
    await waitPly(other, 4);
    await other.context().close();
    await page.context().close();
  });

  it('says when a game does not exist and offers a new one', async () => {
    const page = await newPage();
    await page.goto('/game/no-such-game');
    await page.getByTestId('load-error').waitFor();
    assert.match(await page.getByTestId('load-error').textContent(), /Game not found/);
    await page.getByRole('button', { name: 'New game' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('play').waitFor();
    await page.context().close();
  });

  it('plays on as before when the server has no event stream, without an evaluation bar or an error', async () => {
    const page = await newPage();
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.route('**/api/games/*/events', (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"not_found","message":"no such path"}' }),
    );
    await startFromUi(page, { color: 'white' });
    await clickMove(page, 'e2', 'e4');
    await waitPly(page, 2);
    assert.equal(await page.getByTestId('eval-bar').count(), 0);
    assert.equal(await page.getByTestId('notice').count(), 0);
    assert.deepEqual(errors, []);
    await clickMove(page, 'd2', 'd4');
    await waitPly(page, 4);
    await page.context().close();
  });

  it('tells the player when the server cannot be reached, and the board stays', async () => {
    const page = await newPage();
    await startFromUi(page, { color: 'white' });
    await page.route('**/api/games/*/moves', (route) => route.abort('connectionrefused'));
    await clickMove(page, 'e2', 'e4');
    const notice = page.getByTestId('notice');
    await notice.waitFor();
    assert.match(await notice.textContent(), /cannot be reached/);
    assert.equal(await square(page, 'e2').locator('[data-piece]').getAttribute('data-piece'), 'wP', 'the move is undone');
    await page.unroute('**/api/games/*/moves');
    await notice.getByRole('button', { name: 'Try again' }).click();
    await waitPly(page, 2);
    await page.context().close();
  });
});

/** Positions Stockfish searches per reviewed ply: enough for a mate in one, quick on a shared machine. */
const ANALYSIS_NODES = 20_000;
const REVIEW_WAIT_MS = 60_000;
/** Black blunders with 3... Nf6?? and is mated: a review with a mistake to retry. */
const SCHOLARS_MATE = '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0';
const SIZES = [
  { width: 375, height: 812 },
  { width: 1366, height: 900 },
];

/** For this file's own eyes: screenshots go to /tmp (or LAYOUT_SHOTS), never into the tree. */
async function shot(page, name) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${process.env.LAYOUT_SHOTS ?? '/tmp'}/layout-${name}.png`, fullPage: true });
}

/** No sideways scrolling, and the whole board (when the screen has one) inside the viewport's width. */
async function assertFits(page, screen) {
  const { width } = page.viewportSize();
  const documentWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(documentWidth <= width, `${screen} at ${width}px: the document is ${documentWidth}px wide`);
  const board = page.locator('.board').first();
  if ((await board.count()) === 0) return;
  const box = await board.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= width + 0.5, `${screen} at ${width}px: the board spans ${box.x}..${box.x + box.width}`);
}

/** Whether an element's text is shown whole: nothing cut off on either axis. */
const unclipped = (locator) => locator.evaluateAll((els) => els.every((el) => el.scrollWidth <= el.clientWidth + 1));

/** Whether `inner`'s box lies within `outer`'s horizontally. */
async function inside(inner, outer) {
  const a = await inner.boundingBox();
  const b = await outer.boundingBox();
  return a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5;
}

/**
 * One screen in one state, looked at whole (issue #40): it fits (see `assertFits`), it has exactly one
 * `<h1>` (a screen reader's "what is this page"), axe finds nothing at any impact with its best
 * practices on, and a screenshot is kept for a person's eyes.
 */
async function assertScreen(page, screen, name) {
  await assertFits(page, screen);
  const headings = await page.locator('h1').allTextContents();
  assert.equal(headings.length, 1, `${screen}: one <h1>, got ${JSON.stringify(headings)}`);
  assert.deepEqual(await axeViolations(page), [], `${screen} at ${page.viewportSize().width}px: axe`);
  await shot(page, name);
}

/**
 * Records the board's and the engine panel's boxes at every change inside the panel (new lines,
 * a deeper search), in the page, from now on: `window.__boxes`.
 */
async function recordBoxesOnEngineUpdates(page) {
  await page.getByTestId('engine-panel').waitFor();
  await page.evaluate(() => {
    const panel = document.querySelector('[data-testid="engine-panel"]');
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return [r.x, r.y, r.width, r.height].map(Math.round).join(',');
    };
    window.__boxes = [];
    new MutationObserver(() => {
      const depth = panel.getAttribute('data-depth');
      const lines = panel.querySelectorAll('[data-testid="engine-line"]').length;
      const entry = { depth, lines, board: box(document.querySelector('.board')), panel: box(panel) };
      const last = window.__boxes.at(-1);
      if (!last || last.depth !== depth || last.lines !== lines) window.__boxes.push(entry);
    }).observe(panel, { attributes: true, childList: true, subtree: true, characterData: true });
  });
}

describe('every screen fits a phone and uses a desktop', () => {
  let server;
  before(async () => {
    server = await startServer({ args: ['--analysis-nodes', String(ANALYSIS_NODES)], logName: 'server-layout.log' });
    await reviewedGame(server.base); // a practice card due, for the practice screen
  });
  after(async () => {
    await server?.stop();
  });

  for (const viewport of SIZES) {
    const tag = `${viewport.width}`;

    it(`at ${viewport.width}×${viewport.height}: start, timed game and its review, editor, My games and practice`, async () => {
      const page = await newPage({ viewport, baseURL: server.base });
      await page.goto('/');
      await page.getByTestId('play').waitFor();
      if (viewport.width >= 1366) {
        // The first pick and Play on the first screen, no scrolling (one column put Play 700 px below it).
        for (const testId of ['first-visit', 'play']) {
          const box = await page.getByTestId(testId).boundingBox();
          assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `${testId} is in view (${box.y}..${box.y + box.height})`);
        }
      }
      await assertScreen(page, 'start', `${tag}-start`);

      await page.locator('label[data-side="white"]').click();
      await page.getByTestId('clock-5+3').click();
      await page.getByTestId('play').click();
      await page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
      await waitIdle(page);
      await clickMove(page, 'e2', 'e4');
      await waitPly(page, 2);
      for (const color of ['white', 'black']) assert.match(await page.getByTestId(`clock-${color}`).textContent(), /^0[45]:\d\d/);
      assert.ok(await unclipped(page.locator('[data-testid^="clock-"]')), 'both clocks show their whole text');
      await assertScreen(page, 'timed game', `${tag}-timed-game`);

      // Its review: each move's clock in the move list, the last move highlighted (its clock at AA contrast).
      // Two moves each, so the game is resigned and reviewed (not aborted).
      await clickMove(page, 'a2', 'a3');
      await waitPly(page, 4);
      await page.getByTestId('resign').click();
      await page.getByTestId('confirm-resign').click();
      await page.getByTestId('review-panel').and(page.locator('[data-status="done"]')).waitFor({ timeout: REVIEW_WAIT_MS });
      await page.locator('.move.current .move-clock').waitFor();
      assert.ok(await unclipped(page.locator('.move-clock')), 'move clocks are whole');
      // "You" and "Stockfish" beside "Middlegame" once pushed the phase table 10 px out of its panel.
      assert.ok(await inside(page.getByTestId('phase-accuracy'), page.getByTestId('accuracy-panel')), 'the phase table stays in its panel');
      await assertScreen(page, 'timed review', `${tag}-timed-review`);

      await page.goto('/editor');
      await page.locator('[data-testid="editor-verdict"][data-state="ready"]').waitFor();
      await assertScreen(page, 'editor', `${tag}-editor`);

      await page.goto('/games');
      await page.getByTestId('my-game').first().waitFor();
      await assertScreen(page, 'My games', `${tag}-my-games`);

      await page.evaluate((key) => localStorage.setItem('alphachess:player-key', key), KEY);
      await page.goto('/practice');
      await page.getByTestId('practice-run').locator('.board').waitFor();
      if (viewport.width >= 1366) {
        const board = await page.getByTestId('practice-run').locator('.board').boundingBox();
        const skip = await page.getByTestId('practice-skip').boundingBox();
        assert.ok(skip.x >= board.x + board.width && skip.y < board.y + board.height, "the card's buttons beside its board");
      }
      await assertScreen(page, 'practice', `${tag}-practice`);
      await page.context().close();
    });

    it(`at ${viewport.width}×${viewport.height}: the review, the spectator's review, retry and the analysis board with engine lines`, async () => {
      const page = await newPage({ viewport, baseURL: server.base });
      const id = await openGameFromApi(page, { color: 'black', pgn: SCHOLARS_MATE }, server.base);
      await page.getByTestId('review-panel').and(page.locator('[data-status="done"]')).waitFor({ timeout: REVIEW_WAIT_MS });
      await page.getByTestId('eval-graph').waitFor();
      assert.ok(await inside(page.getByTestId('phase-accuracy'), page.getByTestId('accuracy-panel')), 'the phase table stays in its panel');
      if (viewport.width >= 1366) {
        for (const testId of ['eval-graph', 'best-move']) {
          const box = await page.getByTestId(testId).first().boundingBox();
          assert.ok(box.y + Math.min(box.height, 80) <= viewport.height, `${testId} is in view beside the board (top at ${box.y})`);
        }
        // No empty page under the board while the panel beside it runs on (it once did, by 250 px).
        const column = await page.locator('.board-column').boundingBox();
        const side = await page.locator('.side-panel').boundingBox();
        const under = side.y + side.height - (column.y + column.height);
        assert.ok(under < 80, `the panel runs ${under} px past the board column, over an empty page under the board`);
      }
      await assertScreen(page, 'review', `${tag}-review`);

      await page.getByTestId('retry-start').click();
      await page.getByTestId('retry-counter').waitFor();
      await page.getByTestId('retry-board').locator('.board').waitFor();
      assert.ok(
        await page.evaluate(() => document.activeElement?.closest('[data-testid="retry-board"]') !== null),
        'the puzzle has the focus when Retry opens',
      );
      if (viewport.width >= 1366) {
        const board = await page.getByTestId('retry-board').locator('.board').boundingBox();
        const panel = await page.getByTestId('retry-panel').boundingBox();
        assert.ok(panel.x >= board.x + board.width && panel.y + panel.height <= viewport.height, 'the puzzle in view beside the board');
      }
      await assertScreen(page, 'retry', `${tag}-retry`);
      await page.getByTestId('retry-reveal').click();
      await page.getByTestId('retry-solution').waitFor();
      await assertScreen(page, 'retry revealed', `${tag}-retry-revealed`);

      const watcher = await newPage({ viewport, baseURL: server.base }); // another context, no token: a spectator
      await watcher.goto(`/game/${id}`);
      await waitIdle(watcher);
      await watcher.getByTestId('review-panel').and(watcher.locator('[data-status="done"]')).waitFor({ timeout: REVIEW_WAIT_MS });
      await assertScreen(watcher, 'spectator review', `${tag}-spectator`);
      await watcher.context().close();

      await page.goto(`/analysis/${id}?ply=2`);
      await recordBoxesOnEngineUpdates(page);
      const panel = page.getByTestId('engine-panel');
      await panel.getByTestId('engine-line').nth(2).waitFor({ timeout: 60_000 });
      // Two engine updates with lines on screen (or the search's end) before looking.
      await page.waitForFunction(
        () =>
          window.__boxes.filter((entry) => entry.lines > 0 && entry.depth).length >= 2 ||
          document.querySelector('[data-testid="engine-panel"][data-phase="done"]'),
        undefined,
        { timeout: 60_000 },
      );
      const boxes = await page.evaluate(() => window.__boxes);
      assert.ok(boxes.length >= 2, `engine updates seen: ${JSON.stringify(boxes)}`);
      assert.equal(new Set(boxes.map((entry) => entry.board)).size, 1, `the board never moves as lines update: ${JSON.stringify(boxes)}`);
      assert.equal(new Set(boxes.map((entry) => entry.panel.split(',')[2])).size, 1, `the panel keeps its width: ${JSON.stringify(boxes)}`);
      assert.ok(await inside(panel.getByTestId('engine-line').first(), panel), 'engine lines stay in their panel');
      await assertScreen(page, 'analysis with engine lines', `${tag}-analysis`);
      await page.context().close();
    });
  }
});
