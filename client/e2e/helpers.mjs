// Shared helpers for the browser tests: Debian's Chromium driven by playwright-core.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const BASE = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080';
const SCREENSHOTS = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** How long to wait for Stockfish (low depth) plus the server; generous because the machine is shared. */
export const ENGINE_WAIT_MS = 30_000;

/** Launches headless Chromium with a fresh temporary profile. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

let shared;

/** Opens one browser for the calling test file, closed when the file's tests end. */
export function useBrowser() {
  before(async () => {
    shared = await launch();
  });
  after(async () => {
    await shared?.close();
  });
}

/** A fresh page in its own context (own storage), at a desktop size and on the shared server unless told otherwise. */
export async function newPage(options = {}) {
  const context = await shared.newContext({ viewport: { width: 1280, height: 800 }, baseURL: BASE, ...options });
  const page = await context.newPage();
  page.setDefaultTimeout(ENGINE_WAIT_MS);
  return page;
}

/** The board's move animation (180 ms) plus margin: screenshots wait for pieces to land. */
const ANIMATION_SETTLE_MS = 400;

/**
 * Waits for the pieces to land after a takeback: a click on a square while its piece still slides
 * back can miss it on a loaded machine.
 */
export async function waitLanded(page) {
  await page.waitForTimeout(ANIMATION_SETTLE_MS);
}

export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.waitForTimeout(ANIMATION_SETTLE_MS);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Starts a game through the start screen. */
export async function startFromUi(page, { color = 'white', level } = {}) {
  await page.goto('/');
  await page.locator(`label[data-side="${color}"]`).click();
  if (level) await page.locator(`button[data-level="${level}"]`).click();
  await page.getByTestId('play').click();
  await page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
  await waitIdle(page);
}

/**
 * Plays white from `fen` after a page handed it to the start screen ("Play from here" in the
 * editor or on the analysis board): the start screen shows the FEN and its preview, and the game
 * opens from it.
 */
export async function playHandedPosition(page, fen) {
  await page.waitForURL((url) => url.pathname === '/');
  assert.equal(await page.getByTestId('position-text').inputValue(), fen);
  await page.locator(`[data-testid="position-preview"][data-fen="${fen}"]`).waitFor();
  await page.locator('label[data-side="white"]').click();
  await page.getByTestId('play').click();
  await page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
}

/**
 * Creates a game through the API (e.g. from a FEN or a PGN), stores its token and opens it. `base`
 * is the server the page talks to, for a test file that started its own.
 */
export async function openGameFromApi(page, body, base = BASE) {
  const response = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`create game: ${response.status} ${await response.text()}`);
  const { id, token } = await response.json();
  await page.goto('/');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [`alphachess:token:${id}`, token]);
  await page.goto(`/game/${id}`);
  await waitIdle(page);
  return id;
}

/**
 * Waits until no request is in flight and the game is on screen, its event stream settled: the
 * evaluation bar appears once the stream opens and moves the board, so a drag measured before that
 * would miss its squares.
 */
export async function waitIdle(page) {
  await page.locator('.game-screen[data-busy=""]:not([data-stream="connecting"])').waitFor();
}

/** Waits until the game has reached `ply` half-moves and nothing is in flight. */
export async function waitPly(page, ply) {
  await page.locator(`.game-screen[data-ply="${ply}"][data-busy=""]`).waitFor();
}

/**
 * Two moves each as white: 1. e4 (unless it is played already) and 2. a3, legal whatever Stockfish
 * answers. Until then ending the game aborts it (Abort stands in place of Resign, issue #38).
 */
export async function playTwoMovesEach(page) {
  if ((await page.locator('.game-screen').getAttribute('data-ply')) === '0') {
    await drag(page, 'e2', 'e4');
    await waitPly(page, 2);
  }
  await drag(page, 'a2', 'a3');
  await waitPly(page, 4);
}

export const square = (page, name) => page.locator(`[data-square="${name}"]`);

/** Waits until `piece` (e.g. `wP`) stands on the square, letting the board's move animation finish. */
export async function waitPiece(page, name, piece) {
  await square(page, name).locator(`[data-piece="${piece}"]`).waitFor();
}

export async function pieceOn(page, name) {
  const piece = square(page, name).locator('[data-piece]');
  return (await piece.count()) === 0 ? null : piece.getAttribute('data-piece');
}

/** The middle of a square on screen, in page coordinates. */
export async function center(page, name) {
  const box = await square(page, name).boundingBox();
  if (!box) throw new Error(`square ${name} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Drags a piece with the mouse, in small steps as a hand would. The board works out the square
 * under the piece after a pointer move has been handled, not during it, so a release sent at once
 * can land on the square passed on the way (a1-a8 became a1a7 about once in forty drags). The drop
 * waits until the board marks the target square as the one under the piece (`dropSquareStyle`'s
 * inset shadow on the square's own element), as a hand lets go once it sees the square lit.
 */
export async function drag(page, from, to) {
  const a = await center(page, from);
  const b = await center(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + 6, a.y + 6, { steps: 3 });
  await page.mouse.move(b.x, b.y, { steps: 12 });
  await waitDropTarget(page, to);
  await page.mouse.up();
}

/** Waits until the board shows `name` as the square a dragged piece would drop on (see `drag`). */
export async function waitDropTarget(page, name) {
  await page.locator(`[data-square="${name}"][style*="box-shadow"]`).waitFor();
}

export async function clickMove(page, from, to) {
  await square(page, from).click();
  await square(page, to).click();
}

export const sounds = (page) => page.evaluate(() => window.__alphachessSounds ?? []);

export async function moveTexts(page) {
  return page.locator('.move-list button.move').allTextContents();
}

/** Records every request to the moves endpoint, to prove that none was sent. */
export function recordMoveRequests(page) {
  const seen = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/games\/[^/]+\/moves$/.test(request.url())) seen.push(request.postData());
  });
  return seen;
}

/** Holds every move request until the returned function is called, to look at the waiting state. */
export async function holdMoveRequests(page) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route('**/api/games/*/moves', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Runs axe on the page as it stands and returns its serious and critical violations, one line each.
 * axe is injected with `page.evaluate(source)`, which runs through the DevTools protocol and is not a
 * <script> element, so the app's strict CSP (`script-src 'self'`) stays on.
 */
export async function seriousViolations(page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.nodes.join(', ')}`);
}
