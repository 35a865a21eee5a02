// The player's rating: kept by the server under the browser's key, counted only for rated games,
// shown on the start screen and after each game, the same in another browser given the key.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clickMove, newPage, startFromUi, useBrowser, waitLanded, waitPly } from './helpers.mjs';

useBrowser();

/** Two moves each (the fewest a rated game counts with), then resigns; the rating shown after. */
async function resignAfterTwoMoves(page) {
  await clickMove(page, 'e2', 'e4');
  await waitPly(page, 2);
  await clickMove(page, 'd2', 'd4');
  await waitPly(page, 4);
  await page.getByTestId('resign').click();
  await page.getByTestId('confirm-resign').click();
  await page.getByTestId('game-over').waitFor();
  const shown = page.getByTestId('rating-shown');
  await shown.waitFor();
  return { shown: await shown.textContent(), next: await page.getByTestId('rating-next').textContent() };
}

/** The key settings show, and the settings closed again. */
async function keyOf(page) {
  await page.getByTestId('settings-button').click();
  const key = await page.getByTestId('player-key-value').inputValue();
  await page.getByTestId('settings-close').click();
  return key;
}

const rating = (text) => Number(/about (\d+)/.exec(text)[1]);
const spread = (text) => Number(/± (\d+)/.exec(text)[1]);

describe('the player rating', () => {
  it('counts a rated game under the key, and another browser given the key shows the same rating', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByTestId('rating-shown').waitFor();
    assert.equal(await page.getByTestId('rating-shown').textContent(), 'about 1500 ± 350');
    const firstNext = await page.getByTestId('rating-next').textContent();
    assert.match(firstNext, /^Next: \d+, /);

    await startFromUi(page, { color: 'white', level: 7 });
    assert.equal(await page.getByTestId('rated-badge').textContent(), 'Rated');
    const first = await resignAfterTwoMoves(page);
    assert.ok(rating(first.shown) < 1500, first.shown);
    assert.ok(spread(first.shown) < 350, first.shown);
    assert.notEqual(first.next, firstNext, 'the suggestion moved');

    await page.reload();
    await page.getByTestId('rating-shown').waitFor();
    assert.equal(await page.getByTestId('rating-shown').textContent(), first.shown, 'a reload does not count the game again');
    await page.goto('/');
    await page.getByTestId('rating-shown').waitFor();
    assert.equal(await page.getByTestId('rating-shown').textContent(), first.shown, 'the start screen shows the kept rating');

    // Another browser (another device) given the key: the same rating, from the server.
    const key = await keyOf(page);
    const other = await newPage();
    await other.goto('/');
    await other.getByTestId('rating-shown').waitFor();
    assert.equal(await other.getByTestId('rating-shown').textContent(), 'about 1500 ± 350', 'a new browser has a key of its own');
    await other.getByTestId('settings-button').click();
    await other.getByTestId('player-key-input').fill(key);
    await other.getByTestId('player-key-use').click();
    await other.getByTestId('player-key-message').waitFor();
    await other.goto('/');
    await other.getByTestId('rating-shown').waitFor();
    assert.equal(await other.getByTestId('rating-shown').textContent(), first.shown, 'one key, one rating');
    await other.context().close();
    await page.context().close();
  });

  it('asks before a takeback makes the game casual, then says Casual and leaves the rating alone', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByTestId('rating-shown').waitFor();
    const before = await page.getByTestId('rating-shown').textContent();
    await startFromUi(page, { color: 'white', level: 3 });
    assert.equal(await page.getByTestId('rated-badge').textContent(), 'Rated');
    await clickMove(page, 'e2', 'e4');
    await waitPly(page, 2);
    await page.getByTestId('takeback').click();
    await page.getByTestId('confirm-casual').waitFor();
    assert.equal(await page.getByTestId('rated-badge').textContent(), 'Rated', 'nothing changes before the answer');
    await page.getByTestId('confirm-casual').click();
    await waitPly(page, 0);
    await waitLanded(page);
    await page.getByTestId('rated-badge').filter({ hasText: 'Casual' }).waitFor();
    // A casual game asks no more.
    await clickMove(page, 'e2', 'e4');
    await waitPly(page, 2);
    await clickMove(page, 'd2', 'd4');
    await waitPly(page, 4);
    await page.getByTestId('takeback').click();
    await waitPly(page, 2);
    await waitLanded(page);
    await clickMove(page, 'd2', 'd4');
    await waitPly(page, 4);
    await page.getByTestId('resign').click();
    await page.getByTestId('confirm-resign').click();
    await page.getByTestId('game-over').waitFor();
    await page.getByTestId('rating-shown').waitFor();
    assert.equal(await page.getByTestId('rating-shown').textContent(), before, 'a casual game leaves the rating alone');
    await page.context().close();
  });

  it('asks a first visit how much the player has played, which picks the starting step, and never asks again', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByTestId('first-visit').waitFor();
    await page.getByTestId('experience-club').click();
    assert.equal(await page.getByTestId('first-visit').count(), 0);
    assert.equal(await page.locator('button[data-level="9"]').getAttribute('aria-checked'), 'true');
    await page.reload();
    await page.getByTestId('rating-shown').waitFor();
    assert.equal(await page.getByTestId('first-visit').count(), 0, 'a later visit goes straight to the start screen');
    assert.equal(await page.locator('button[data-level="9"]').getAttribute('aria-checked'), 'true');
    await page.context().close();
  });
});
