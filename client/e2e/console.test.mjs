// A clean console over a whole game (issue #40): Chromium logs every non-2xx fetch as a console
// error, whatever the page does with the answer, so the client must not make requests it expects
// to fail. One game against the bottom step at a phone's and a desktop's size: an illegal typed
// move refused, moves by box and by board, a takeback, a resignation, the review, Retry and the
// analysis board; nothing red or yellow in the console, no page error, no failed request.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newPage, openGameFromApi, square, startFromUi, useBrowser, waitIdle, waitLanded, waitPly } from './helpers.mjs';
import { serverPerFile } from './server.mjs';

useBrowser();

/** Positions Stockfish searches per reviewed ply: quick on a shared machine (as in layout.test.mjs). */
const ANALYSIS_NODES = 20_000;
const REVIEW_WAIT_MS = 60_000;
/** A finished game to import: its review is nobody's until the player's page asks for it. */
const SCHOLARS_MATE = '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0';
const SIZES = [{ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true }, { viewport: { width: 1366, height: 900 } }];
/** White's moves, the first legal one played each turn: quiet development whatever black replies. */
const PLAN = ['Nf3', 'Nc3', 'g3', 'Bg2', 'O-O', 'd3', 'Rb1', 'a3', 'h3', 'b3'];

/**
 * Everything the page says went wrong, one line each: console errors and warnings, uncaught errors,
 * requests with no answer and answers outside 2xx. A request the page itself cancels (an event
 * stream closed as its screen goes, a fetch aborted by a newer one) is not a failure.
 */
function recordTrouble(page) {
  const trouble = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') trouble.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => trouble.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => {
    const reason = request.failure()?.errorText ?? '';
    if (reason !== 'net::ERR_ABORTED') trouble.push(`request failed: ${request.method()} ${request.url()} ${reason}`);
  });
  page.on('response', (response) => {
    if (response.status() < 200 || response.status() >= 300)
      trouble.push(`answer ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return trouble;
}

/** The game as the server has it now (asked by the test, not the page). */
async function gameView(base, page) {
  const id = new URL(page.url()).pathname.split('/').pop();
  return (await fetch(`${base}/api/games/${id}`)).json();
}

/** Imports a finished game through the API alone: no page holds its token, and nobody asked to review it. */
async function unreviewedGame(base) {
  const response = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ color: 'white', pgn: SCHOLARS_MATE }),
  });
  assert.equal(response.status, 201, await response.clone().text());
  return response.json();
}

/** Every request the page makes for a game's review (`/api/games/{id}/analysis`), as `METHOD path`. */
function recordReviewRequests(page) {
  const requests = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('/analysis')) requests.push(`${request.method()} ${path}`);
  });
  return requests;
}

/** Types a move into the box and sends it with Enter. */
async function typeMove(page, text) {
  const input = page.getByTestId('move-input');
  await input.fill(text);
  await input.press('Enter');
}

/**
 * Plays white's next move of `PLAN` that is legal (any legal move if none is): by the board (a tap
 * on a touch screen, a click else) or typed, and waits for Stockfish's reply.
 */
async function playPlanned(page, base, { typed, touch }) {
  const view = await gameView(base, page);
  const bare = (san) => san.replace(/[+#]$/, '');
  const move =
    PLAN.map((san) => view.legal_moves.find((m) => bare(m.san) === san)).find(Boolean) ??
    view.legal_moves.find((m) => !m.promotion && !m.san.startsWith('O-O'));
  if (typed) await typeMove(page, move.san);
  else {
    const press = (name) => (touch ? square(page, name).tap() : square(page, name).click());
    await press(move.from);
    await press(move.to);
  }
  await waitPly(page, view.ply + 2);
}

describe('a clean console over a whole game', () => {
  const server = serverPerFile({ args: ['--analysis-nodes', String(ANALYSIS_NODES)], logName: 'server-console.log' });

  for (const size of SIZES) {
    const { width, height } = size.viewport;
    it(`at ${width}×${height}: no console error or warning, no page error, no failed or non-2xx request`, async () => {
      const page = await newPage({ ...size, baseURL: server.base });
      const trouble = recordTrouble(page);
      const touch = Boolean(size.hasTouch);
      await startFromUi(page, { color: 'white', level: 1 });

      // An illegal typed move: refused beside the box, nothing played.
      await typeMove(page, 'Ke4');
      const refusal = page.getByTestId('move-input-error');
      await refusal.waitFor();
      assert.match(await refusal.textContent(), /Ke4/);
      assert.equal(await page.getByTestId('move-input').inputValue(), 'Ke4', 'the text stays to correct');
      await typeMove(page, 'e4');
      await waitPly(page, 2);

      await playPlanned(page, server.base, { typed: false, touch });
      await page.getByTestId('takeback').click();
      // The first takeback of a rated game asks first: it makes the game casual.
      const casual = page.getByTestId('confirm-casual');
      if (await casual.isVisible()) await casual.click();
      await waitPly(page, 2);
      await waitLanded(page);
      for (let i = 0; i < 3; i++) await playPlanned(page, server.base, { typed: i % 2 === 1, touch });
      const played = await gameView(server.base, page);
      assert.ok(played.ply >= 8, `each side made at least four moves (ply ${played.ply})`);

      await page.getByTestId('resign').click();
      await page.getByTestId('confirm-resign').click();
      await page.getByTestId('game-over').waitFor();
      await page.getByTestId('review-panel').and(page.locator('[data-status="done"]')).waitFor({ timeout: REVIEW_WAIT_MS });
      await page.getByTestId('eval-graph').waitFor();

      await page.getByTestId('retry-start').click();
      await page.getByTestId('retry-panel').waitFor();
      await page.locator('[data-testid="retry-counter"], [data-testid="retry-none"]').first().waitFor();
      await page.getByTestId('retry-close').click();
      await page.getByTestId('review-panel').waitFor();

      await page.getByTestId('analyse-game').click();
      await page.waitForURL(/\/analysis\//);
      await page.getByTestId('engine-panel').getByTestId('engine-line').first().waitFor({ timeout: REVIEW_WAIT_MS });
      await page.waitForTimeout(500); // the board's first answers land before the console is read
      assert.deepEqual(trouble, [], `the console over a whole game at ${width}px:\n${trouble.join('\n')}`);
      await page.context().close();
    });
  }

  // A spectator (a shared link, a fresh browser with no token) cannot ask for a review: the game's
  // view says none was asked for, so the page asks nothing (a GET would answer 404) and says so;
  // when the player asks later, the review arrives on the game's stream.
  for (const size of SIZES) {
    const { width, height } = size.viewport;
    it(`a spectator of a finished game nobody asked to review at ${width}×${height}: told so, no request for it, then the review when its player asks`, async () => {
      const { id, token } = await unreviewedGame(server.base);
      const page = await newPage({ ...size, baseURL: server.base });
      const trouble = recordTrouble(page);
      const reviewRequests = recordReviewRequests(page);
      await page.goto(`/game/${id}`);
      await waitIdle(page);
      const none = page.getByTestId('review-none');
      await none.waitFor();
      assert.match(await none.textContent(), /has not been reviewed yet/);
      await page.waitForTimeout(500); // any request the page would make is out by now
      assert.deepEqual(reviewRequests, [], 'no request for a review nobody asked for');
      assert.deepEqual(trouble, [], `the spectator's console at ${width}px:\n${trouble.join('\n')}`);

      const asked = await fetch(`${server.base}/api/games/${id}/analysis`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
      });
      assert.equal(asked.status, 202);
      await page.getByTestId('review-panel').and(page.locator('[data-status="done"]')).waitFor({ timeout: REVIEW_WAIT_MS });
      assert.equal(await none.count(), 0);
      assert.ok(
        reviewRequests.every((request) => request.startsWith('GET ')),
        `only reads, once there is a review: ${reviewRequests}`,
      );
      assert.deepEqual(trouble, [], `the spectator's console once the review came at ${width}px:\n${trouble.join('\n')}`);
      await page.context().close();
    });
  }

  it('opens an imported finished game and asks for its review without an answer outside 2xx', async () => {
    const page = await newPage({ viewport: { width: 1366, height: 900 }, baseURL: server.base });
    const trouble = recordTrouble(page);
    await openGameFromApi(page, { color: 'black', pgn: SCHOLARS_MATE }, server.base);
    await page.getByTestId('review-panel').and(page.locator('[data-status="done"]')).waitFor({ timeout: REVIEW_WAIT_MS });
    assert.deepEqual(trouble, [], `the console over an imported game's review:\n${trouble.join('\n')}`);
    await page.context().close();
  });
});
