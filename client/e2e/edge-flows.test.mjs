// The edge flows of issue #27 in the browser: Remove with Undo in My games, the words after an
// abort, and a layout that does not jump (measured) with the moves in view after a game.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clickMove, newPage, openGameFromApi, screenshot, startFromUi, useBrowser, waitIdle, waitPly } from './helpers.mjs';

useBrowser();

async function boardBox(page) {
  return page.locator('.board').boundingBox();
}

describe('My games: Remove', () => {
  it('offers Undo after removing an ongoing game, and Undo gives the game back, playable', async () => {
    const page = await newPage();
    await startFromUi(page, { color: 'white' });
    const id = new URL(page.url()).pathname.split('/').pop();
    const token = await page.evaluate((key) => localStorage.getItem(key), `alphachess:token:${id}`);
    await page.goto('/games');
    const row = page.locator(`[data-testid="my-game"][data-id="${id}"]`);
    await row.waitFor();
    await row.getByTestId('remove-game').click();
    await row.waitFor({ state: 'detached' });
    const undo = page.getByTestId('undo-remove');
    assert.match(await undo.textContent(), /can no longer play it unless you undo/);
    await screenshot(page, 'edge-01-remove-undo');
    await undo.getByTestId('undo').click();
    await row.waitFor();
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), `alphachess:token:${id}`), token, 'the token is back');
    await row.getByTestId('open-game').click();
    await waitIdle(page);
    await clickMove(page, 'e2', 'e4');
    await waitPly(page, 2);
    await page.context().close();
  });
});

describe('words after an abort', () => {
  it('says "before your first move" when Stockfish had played, and drops the evaluation caption', async () => {
    const page = await newPage();
    await startFromUi(page, { color: 'black' });
    await waitPly(page, 1);
    await page.getByTestId('show-eval').check();
    await page.getByTestId('abort').click();
    await page.getByTestId('confirm-abort').click();
    await page.getByTestId('game-over').waitFor();
    assert.equal(
      await page.getByTestId('game-over-reason').textContent(),
      'No result: the game ended before each side made two moves, so it is not rated and has no review.',
    );
    assert.equal(await page.getByTestId('review-panel').count(), 0, 'no review of an aborted game');
    assert.equal(await page.getByTestId('eval-source').count(), 0, 'no evaluation caption after the game');
    await page.context().close();
  });
});

describe('a layout that does not jump', () => {
  it('keeps the board where it is when the evaluation bar appears, with large clocks', async () => {
    const page = await newPage({ viewport: { width: 1366, height: 800 } });
    await startFromUi(page, { color: 'white' });
    const before = await boardBox(page);
    await page.getByTestId('show-eval').check();
    await page.getByTestId('eval-bar').waitFor();
    const after = await boardBox(page);
    assert.deepEqual(after, before, 'the bar has its room already');
    await page.getByTestId('show-eval').uncheck();
    assert.deepEqual(await boardBox(page), before);
    await screenshot(page, 'edge-02-desktop-game');
    await page.context().close();
  });

  it('shows the move list on the first screen after a game at 1366×800, with one "New game"', async () => {
    const page = await newPage({ viewport: { width: 1366, height: 800 } });
    await openGameFromApi(page, { color: 'white', pgn: '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0' });
    await page.getByTestId('game-over').waitFor();
    const list = await page.locator('.move-list').boundingBox();
    assert.ok(list.y + list.height <= 800, `the move list ends at ${list.y + list.height}`);
    assert.equal(await page.getByRole('button', { name: 'New game', exact: true }).count(), 1);
    await screenshot(page, 'edge-03-desktop-after-game');
    await page.context().close();
  });

  it('shows a move strip above the board on a 375×740 phone, and the result with its buttons in view after a game', async () => {
    const page = await newPage({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    // The player's own game, won by mating in one (a PGN already over would open for review instead).
    await openGameFromApi(page, { color: 'white', pgn: '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 *' });
    await clickMove(page, 'h5', 'f7');
    await page.getByTestId('game-over').waitFor();
    const strip = page.getByTestId('move-strip');
    const box = await strip.boundingBox();
    const board = await boardBox(page);
    assert.ok(box.y + box.height <= board.y, 'above the board');
    assert.ok(await strip.getByRole('button', { name: 'Qxf7#' }).isVisible(), 'the last move is in view');
    // The ways on are on the first screen, without scrolling (the strip above the board has the moves).
    assert.equal(await page.evaluate(() => window.scrollY), 0);
    for (const button of [page.getByTestId('rematch'), page.getByRole('button', { name: 'New game', exact: true })]) {
      const place = await button.boundingBox();
      assert.ok(place.y >= 0 && place.y + place.height <= 740, `${await button.textContent()} ends at ${place.y + place.height}`);
    }
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 375), 'no sideways scrolling');
    await screenshot(page, 'edge-04-phone-after-game');
    await page.context().close();
  });

  it('does not use the phone strip on a desktop', async () => {
    const page = await newPage({ viewport: { width: 1366, height: 800 } });
    await startFromUi(page, { color: 'white' });
    assert.equal(await page.getByTestId('move-strip').isVisible(), false);
    await page.context().close();
  });
});

describe('a finished PGN', () => {
  it("opens for review with the PGN's own players, not as the player's loss to Stockfish", async () => {
    const page = await newPage({ viewport: { width: 1366, height: 800 } });
    await page.goto('/');
    await page.getByTestId('from-position').check();
    await page.getByTestId('position-text').fill('[White "Anna"]\n[Black "Ben"]\n\n1. f3 e5 2. g4 Qh4# 0-1');
    await page.locator('[data-testid="play"]:not([disabled])').waitFor();
    await page.getByTestId('play').click();
    await page.getByTestId('game-over').waitFor();
    const strips = await page.locator('.player-strip').allTextContents();
    assert.ok(strips.some((text) => text.includes('Anna')) && strips.some((text) => text.includes('Ben')), strips.join(' | '));
    assert.ok(
      strips.every((text) => !text.includes('Stockfish') && !text.includes('You')),
      strips.join(' | '),
    );
    const panel = await page.getByTestId('game-over').textContent();
    assert.match(panel, /Black won/);
    assert.doesNotMatch(panel, /Stockfish|Rematch/);
    // The review comes with the analysis's first answer, a request after the game-over panel.
    await page.getByTestId('review-panel').waitFor();
    assert.equal(await page.getByTestId('review-panel').count(), 1, 'the review is there');
    await screenshot(page, 'edge-05-finished-pgn-review');
    await page.goto('/games');
    const row = page.getByTestId('my-game').first();
    await row.waitFor();
    assert.match(await row.textContent(), /Black won by checkmate/);
    assert.match(await row.textContent(), /Imported game: Anna – Ben/);
    assert.doesNotMatch(await row.textContent(), /Stockfish/);
    const id = await row.getAttribute('data-id');
    await page.context().close();

    // The players are the server's: another browser (no storage, no token) sees the same game.
    const elsewhere = await newPage({ viewport: { width: 1366, height: 800 } });
    await elsewhere.goto(`/game/${id}`);
    await elsewhere.getByTestId('game-over').waitFor();
    const seen = await elsewhere.locator('.player-strip').allTextContents();
    assert.ok(seen.some((text) => text.includes('Anna')) && seen.some((text) => text.includes('Ben')), seen.join(' | '));
    assert.ok(
      seen.every((text) => !text.includes('Stockfish') && !text.includes('You')),
      seen.join(' | '),
    );
    assert.match(await elsewhere.getByTestId('game-over').textContent(), /Black won/);
    const view = await (await elsewhere.request.get(`/api/games/${id}`)).json();
    assert.deepEqual(view.players, { white: 'Anna', black: 'Ben' });
    await elsewhere.context().close();
  });
});
