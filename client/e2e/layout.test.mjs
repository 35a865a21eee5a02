// Layout on a phone, and errors that must leave the player a way on.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { clickMove, launch, newPage, screenshot, square, startFromUi, waitPly } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

describe('layout and errors', () => {
  it('fits a 360 px phone without sideways scrolling, with the board filling the width', async () => {
    const page = await newPage(browser, { width: 360, height: 740 });
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

  it('says when a game does not exist and offers a new one', async () => {
    const page = await newPage(browser);
    await page.goto('/game/no-such-game');
    await page.getByTestId('load-error').waitFor();
    assert.match(await page.getByTestId('load-error').textContent(), /Game not found/);
    await page.getByRole('button', { name: 'New game' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('play').waitFor();
    await page.context().close();
  });

  it('tells the player when the server cannot be reached, and the board stays', async () => {
    const page = await newPage(browser);
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
