// Positions set up through the API: promotion, checkmate, and the sounds of capture and check.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  clickMove,
  drag,
  holdMoveRequests,
  useBrowser,
  newPage,
  openGameFromApi,
  pieceOn,
  recordMoveRequests,
  screenshot,
  sounds,
  square,
  waitPly,
} from './helpers.mjs';

useBrowser();

const inside = (inner, outer) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

describe('positions from a FEN', () => {
  it('promotes a pawn through the picker, and a click outside cancels it', async () => {
    const page = await newPage();
    await openGameFromApi(page, { color: 'white', fen: '8/1P4k1/8/8/8/8/8/4K3 w - - 0 1' });
    const requests = recordMoveRequests(page);
    await drag(page, 'b7', 'b8');
    const picker = page.getByTestId('promotion-picker');
    await picker.waitFor();
    assert.equal(await picker.locator('button.promotion-choice').count(), 4);
    const board = await page.locator('.board').boundingBox();
    assert.ok(inside(await picker.locator('.promotion-column').boundingBox(), board), 'the picker stays on the board');
    await screenshot(page, '03-promotion-picker');
    await page.mouse.click(board.x + board.width * 0.8, board.y + board.height * 0.8);
    await picker.waitFor({ state: 'detached' });
    assert.equal(await pieceOn(page, 'b7'), 'wP');
    assert.deepEqual(requests, [], 'cancelling sends nothing');

    await clickMove(page, 'b7', 'b8');
    await page.locator('button.promotion-choice[data-role="r"]').click(); // not a queen: the choice counts
    await waitPly(page, 2);
    assert.equal(await pieceOn(page, 'b8'), 'wR');
    assert.equal((await sounds(page))[0], 'promote');
    assert.deepEqual(
      requests.map((body) => JSON.parse(body).move),
      ['b7b8r'],
    );
    await page.context().close();
  });

  it('keeps the promotion picker on the board for a pawn on the edge file seen from black, and works by keyboard', async () => {
    const page = await newPage();
    await openGameFromApi(page, { color: 'black', fen: '4k3/8/8/8/8/8/p5K1/8 b - - 0 1' });
    assert.equal(await page.locator('.board').getAttribute('data-orientation'), 'black');
    await drag(page, 'a2', 'a1');
    const column = page.locator('.promotion-column');
    await column.waitFor();
    const board = await page.locator('.board').boundingBox();
    assert.ok(inside(await column.boundingBox(), board));
    await page.keyboard.press('Escape');
    await column.waitFor({ state: 'detached' });
    await clickMove(page, 'a2', 'a1');
    await column.waitFor();
    await page.keyboard.press('Enter'); // the first choice, the queen, has the focus
    await waitPly(page, 2);
    assert.equal(await pieceOn(page, 'a1'), 'bQ');
    await page.context().close();
  });

  it('reaches checkmate and shows the game-over panel with the win sound', async () => {
    const page = await newPage();
    await openGameFromApi(page, { color: 'white', fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' });
    await drag(page, 'a1', 'a8');
    await page.getByTestId('game-over').waitFor();
    assert.match(await page.getByTestId('game-over').textContent(), /You won/);
    assert.match(await page.getByTestId('game-over-reason').textContent(), /checkmate/);
    await page.waitForFunction(() => document.body.dataset.lastSound === 'win');
    assert.deepEqual(await sounds(page), ['check', 'win']);
    assert.equal(await page.locator('.square.in-check').count(), 1);
    await screenshot(page, '04-game-over');
    await page.context().close();
  });

  it('offers the next level after a win, from the same position, with the colour the Swap colours box says', async () => {
    const page = await newPage();
    await openGameFromApi(page, { color: 'white', level: 3, fen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' });
    const first = page.url();
    await drag(page, 'a1', 'a8');
    await page.getByTestId('game-over').waitFor();
    const next = page.getByTestId('next-level');
    assert.equal(await next.textContent(), 'Next level (4)');
    // The box above both buttons governs both (issue #27): unticked, the colour stays.
    await page.getByTestId('swap-colors').uncheck();
    await next.click();
    await page.waitForURL((url) => url.href !== first && /\/game\//.test(url.pathname));
    await page.locator('.game-screen[data-status="ongoing"][data-ply="0"]').waitFor();
    assert.equal(await page.locator('.board').getAttribute('data-orientation'), 'white');
    assert.equal(await pieceOn(page, 'a1'), 'wR');
    assert.match(await page.locator('.player-strip').first().textContent(), /level 4/);
    await page.context().close();
  });

  it('plays the capture sound for a capture, and shows the pawn taken beside the player and whose turn in the tab', async () => {
    const page = await newPage();
    await openGameFromApi(page, { color: 'white', fen: '4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1' });
    assert.equal(await page.title(), 'Your move · AlphaChess');
    assert.equal(await page.getByTestId('material-white').count(), 0, 'level material: nothing to show');
    await clickMove(page, 'e4', 'd5');
    await waitPly(page, 2);
    assert.equal((await sounds(page))[0], 'capture');
    const material = page.getByTestId('material-white');
    assert.equal(await material.textContent(), '♟+1', 'the pawn taken and the point ahead, beside the player');
    assert.equal(await page.getByTestId('material-black').count(), 0);
    assert.equal(await page.title(), 'Your move · AlphaChess');
    await page.context().close();
  });

  it('plays the check sound and highlights the checked king', async () => {
    const page = await newPage();
    await openGameFromApi(page, { color: 'white', fen: '4k3/8/8/8/8/8/8/R3K3 w - - 0 1' });
    const release = await holdMoveRequests(page);
    await drag(page, 'a1', 'a8');
    await page.getByTestId('thinking').waitFor();
    assert.equal(await page.evaluate(() => document.body.dataset.lastSound), 'check');
    assert.equal(await square(page, 'e8').locator('.square.in-check').count(), 1);
    release();
    await waitPly(page, 2);
    assert.equal((await sounds(page))[0], 'check');
    await page.context().close();
  });
});
