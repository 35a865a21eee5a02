// The server going away in the middle of Stockfish's search (issue #27): the player's move was sent
// and stored, no answer came. The page must keep the move, say that Stockfish's reply will come when
// the server is back, and offer nothing that pretends the move was undone (Abort, another move).
// This file starts its own server on a database file, with Stockfish behind a gate
// (gated-stockfish.mjs) so the search is still running when the server is killed.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { clickMove, moveTexts, newPage, pieceOn, screenshot, startFromUi, useBrowser, waitPiece, waitPly } from './helpers.mjs';
import { startServer } from './server.mjs';

const GATED_ENGINE = join(dirname(fileURLToPath(import.meta.url)), 'gated-stockfish.mjs');
const dir = mkdtempSync(join(tmpdir(), 'alphachess-e2e-outage-'));
const holdFile = join(dir, 'hold');

useBrowser();
let server;
before(async () => {
  server = await startServer({
    db: join(dir, 'games.db'),
    stockfish: GATED_ENGINE,
    env: { ALPHACHESS_E2E_HOLD_FILE: holdFile },
    logName: 'server-outage.log',
  });
});
after(async () => {
  rmSync(holdFile, { force: true });
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("an outage during Stockfish's search", () => {
  it('keeps the move shown, says the reply will come when the server is back, and shows the reply after the restart', async () => {
    const page = await newPage({ baseURL: server.base, viewport: { width: 1366, height: 800 } });
    await startFromUi(page, { color: 'white', level: 9 });
    writeFileSync(holdFile, '');
    await clickMove(page, 'e2', 'e4');
    await page.locator('.game-screen[data-thinking="true"]').waitFor();
    const boardBefore = await page.locator('.board').boundingBox();
    await server.kill();

    const kept = page.getByTestId('move-kept');
    await kept.waitFor();
    assert.match(await kept.textContent(), /Stockfish's reply will come when the server is back/);
    assert.deepEqual(await page.locator('.board').boundingBox(), boardBefore, 'the banner does not push the board');
    await waitPiece(page, 'e4', 'wP'); // the move stays on the board (its animation may still be running)
    assert.equal(await pieceOn(page, 'e2'), null);
    assert.deepEqual((await moveTexts(page)).slice(0, 1), ['e4'], 'and in the move list');
    assert.equal(await page.getByText('No moves yet').count(), 0);
    assert.equal(await page.getByTestId('resign').count(), 0, 'Abort, not Resign: one move is too few to count');
    assert.doesNotMatch(await page.getByTestId('status').textContent(), /Your move/);
    assert.equal(await page.getByTestId('notice').count(), 0, 'no "cannot be reached" notice: nothing failed that the player must redo');
    await screenshot(page, 'outage-01-move-kept');

    rmSync(holdFile, { force: true });
    await server.start();
    await waitPly(page, 2);
    await kept.waitFor({ state: 'detached' });
    const moves = await moveTexts(page);
    assert.equal(moves[0], 'e4');
    assert.equal(moves.length, 2, `Stockfish replied (${moves.join(' ')})`);
    await screenshot(page, 'outage-02-reply-after-restart');
    await page.context().close();
  });
});
