// A key from a lichess client on a second device (issue #28): a game created with the lichess API
// and a key shows in "My games" of a browser that never saw it once the key is pasted, and plays.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { BASE, drag, newPage, pieceOn, screenshot, useBrowser, waitIdle, waitPly } from './helpers.mjs';

useBrowser();

/** A lichess Board API request with the key; its JSON answer. */
async function lichess(path, key, form) {
  const response = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  assert.ok(response.ok, `${path}: ${response.status} ${await response.clone().text()}`);
  return response.json();
}

describe('a pasted key', () => {
  it('brings the games of a lichess client to My games, where they play on', async () => {
    const key = randomBytes(32).toString('base64url');
    const { id } = await lichess('/api/challenge/ai', key, { level: '2', color: 'white' });
    await lichess(`/api/board/game/${id}/move/e2e4`, key);

    const page = await newPage();
    await page.goto('/games');
    await page.getByTestId('key-input').fill('too-short');
    await page.getByTestId('key-form').getByRole('button', { name: 'Add games' }).click();
    assert.match(await page.getByTestId('key-message').textContent(), /at least 22 characters/);
    await page.getByTestId('key-input').fill(key);
    await page.getByTestId('key-form').getByRole('button', { name: 'Add games' }).click();
    await page.getByTestId('key-message').filter({ hasText: '1 game added.' }).waitFor();
    const row = page.locator(`[data-testid="my-game"][data-id="${id}"]`);
    await row.waitFor();
    assert.match(await row.textContent(), /level 8/);
    await screenshot(page, '40-my-games-key');
    await row.getByTestId('open-game').click();
    await page.waitForURL(new RegExp(`/game/${id}$`));
    await waitIdle(page);
    assert.equal(await pieceOn(page, 'e4'), 'wP');
    await drag(page, 'd2', 'd4');
    await waitPly(page, 4);
    await page.context().close();
  });
});
