// The player's rating: shown on the start screen, counted after each finished game, with the next step suggested.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clickMove, newPage, startFromUi, useBrowser, waitPly } from './helpers.mjs';

useBrowser();

async function resignAfterOneMove(page) {
  await clickMove(page, 'e2', 'e4');
  await waitPly(page, 2);
  await page.getByTestId('resign').click();
  await page.getByTestId('confirm-resign').click();
  await page.getByTestId('game-over').waitFor();
  const shown = page.getByTestId('rating-shown');
  await shown.waitFor();
  return { shown: await shown.textContent(), next: await page.getByTestId('rating-next').textContent() };
}

describe('the player rating', () => {
  it('starts at about 1500 ± 350, and after two lost games is lower, narrower, with a new suggestion', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByTestId('rating-shown').waitFor();
    assert.equal(await page.getByTestId('rating-shown').textContent(), 'about 1500 ± 350');
    const firstNext = await page.getByTestId('rating-next').textContent();
    assert.match(firstNext, /^Next: \d+, /);
    assert.match(await page.locator('button[data-level="1"]').getAttribute('title'), /rated \d+/);

    await startFromUi(page, { color: 'white', level: 7 });
    const first = await resignAfterOneMove(page);
    const rating = (text) => Number(/about (\d+)/.exec(text)[1]);
    const spread = (text) => Number(/± (\d+)/.exec(text)[1]);
    assert.ok(rating(first.shown) < 1500, first.shown);
    assert.ok(spread(first.shown) < 350, first.shown);
    assert.notEqual(first.next, firstNext, 'the suggestion moved');

    await page.reload();
    assert.equal(await page.getByTestId('rating-shown').textContent(), first.shown, 'a reload does not count the game again');
    await page.goto('/');
    await page.getByTestId('rating-shown').waitFor();
    assert.equal(await page.getByTestId('rating-shown').textContent(), first.shown, 'the start screen shows the kept rating');
    // A loss to a much weaker step (4, 832) moves the rating past the next step down.
    await startFromUi(page, { color: 'white', level: 4 });
    const second = await resignAfterOneMove(page);
    assert.ok(rating(second.shown) < rating(first.shown), `${second.shown} after ${first.shown}`);
    assert.ok(spread(second.shown) < spread(first.shown));
    assert.notEqual(second.next, first.next, 'the suggestion moved again');
    await page.context().close();
  });
});
