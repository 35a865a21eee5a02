// Issue #22 item 11 in the browser: a "continue elsewhere" link (`/game/<id>#token=…`) gives its
// token to a browser that has none, but never silently replaces the token a browser already holds
// (anyone who knows a game's id can make such a link), and a malformed one is ignored.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clickMove, newPage, startFromUi, useBrowser, waitIdle, waitPly } from './helpers.mjs';

useBrowser();

const tokenOf = (page, id) => page.evaluate((key) => localStorage.getItem(key), `alphachess:token:${id}`);

/** A well-formed token that is not the game's: 64 hex digits, as the server makes them. */
const STRANGERS_TOKEN = 'f'.repeat(64);

/**
 * Opens `link` as a fresh page load: from the game's own address a link differing only in its
 * fragment would be a same-document navigation, which no real "open this link" is.
 */
async function openLink(page, link) {
  await page.goto('/');
  await page.goto(link);
}

/** Starts a game from the start screen: its id and the token this browser keeps for it. */
async function startGame(page) {
  await startFromUi(page, { color: 'white' });
  const id = new URL(page.url()).pathname.split('/').pop();
  return { id, token: await tokenOf(page, id) };
}

describe('a continue-elsewhere link', () => {
  it('gives its token to a browser that has none, which then plays the game', async () => {
    const owner = await newPage();
    const { id, token } = await startGame(owner);
    const other = await newPage();
    await other.goto(`/game/${id}#token=${token}`);
    await waitIdle(other);
    assert.equal(await tokenOf(other, id), token, 'the link’s token is kept');
    assert.equal(new URL(other.url()).hash, '', 'the token leaves the address bar');
    assert.equal(await other.getByTestId('link-token-notice').count(), 0, 'nothing to warn about');
    await clickMove(other, 'e2', 'e4');
    await waitPly(other, 2);
    await owner.context().close();
    await other.context().close();
  });

  it('does not replace the token this browser holds, and says so; the game stays playable', async () => {
    const page = await newPage();
    const { id, token } = await startGame(page);
    await openLink(page, `/game/${id}#token=${STRANGERS_TOKEN}`);
    const notice = page.getByTestId('link-token-notice');
    await notice.waitFor();
    assert.match(await notice.textContent(), /different key for this game/);
    assert.equal(await tokenOf(page, id), token, 'this browser keeps its own token');
    assert.equal(new URL(page.url()).hash, '', 'the stranger’s token leaves the address bar');
    await waitIdle(page);
    await clickMove(page, 'e2', 'e4');
    await waitPly(page, 2);
    await page.context().close();
  });

  it('takes the link’s token only when the player asks', async () => {
    const page = await newPage();
    const { id } = await startGame(page);
    await openLink(page, `/game/${id}#token=${STRANGERS_TOKEN}`);
    await page.getByTestId('use-link-token').click();
    await page.waitForLoadState('load');
    assert.equal(await tokenOf(page, id), STRANGERS_TOKEN, 'the player chose the link’s token');
    await page.context().close();
  });

  it('ignores a malformed token and says so', async () => {
    const page = await newPage();
    const { id, token } = await startGame(page);
    await openLink(page, `/game/${id}#token=x`);
    const notice = page.getByTestId('link-token-notice');
    await notice.waitFor();
    assert.match(await notice.textContent(), /no valid key/);
    assert.equal(await page.getByTestId('use-link-token').count(), 0, 'nothing to take');
    assert.equal(await tokenOf(page, id), token);
    await page.context().close();
  });
});
