// The board editor (issue #26): loaded only when opened, a position built by click and drag, the
// server's refusal of an impossible one, and a game started from it through the start screen.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { center, drag, newPage, pieceOn, playHandedPosition, screenshot, square, useBrowser, waitDropTarget, waitPly } from './helpers.mjs';

useBrowser();

/** Drags a piece from the editor's palette onto a square, as `drag` does on the board. */
async function dragFromPalette(page, piece, to) {
  const box = await page.locator(`[data-piece-tool="${piece}"]`).boundingBox();
  const b = await center(page, to);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 6, box.y + box.height / 2 + 6, { steps: 3 });
  await page.mouse.move(b.x, b.y, { steps: 12 });
  await waitDropTarget(page, to);
  await page.mouse.up();
}

/** Drags a piece from the board to a point off it (the side panel). */
async function dragOffBoard(page, from) {
  const a = await center(page, from);
  const panel = await page.locator('.editor-panel').boundingBox();
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(a.x + 6, a.y + 6, { steps: 3 });
  await page.mouse.move(panel.x + panel.width / 2, panel.y + 20, { steps: 12 });
  await page.mouse.up();
}

/**
 * Clicks until `done` holds. The drag library swallows every click for 50 ms after a drag ends (dnd-kit's
 * pointer sensor, so that the release of a drag is never a click); a hand that clicks that soon after a
 * drop clicks again, and so does this.
 */
async function clickUntil(locator, done) {
  for (;;) {
    await locator.click();
    if (await done()) return;
  }
}

/** Picks a piece (or the eraser) in the palette and clicks the squares with it. */
async function place(page, tool, ...squares) {
  const button = page.locator(`[data-piece-tool="${tool}"]`);
  const pressed = async () => (await button.getAttribute('aria-pressed')) === 'true';
  if (!(await pressed())) await clickUntil(button, pressed);
  for (const name of squares) {
    await square(page, name).click();
    // The board draws the piece on its next render, which a loaded machine may not have reached yet.
    if (/^[wb][KQRBNP]$/.test(tool)) await square(page, name).locator(`[data-piece="${tool}"]`).waitFor();
  }
}

const fenField = (page) => page.getByTestId('editor-fen');
const verdict = (page) => page.getByTestId('editor-verdict');

describe('board editor', () => {
  it('loads its code only when opened, builds a position, refuses an impossible one, and starts a game from it', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 860 } });
    const chunks = [];
    page.on('request', (request) => {
      if (/\/assets\/BoardEditor-[^/]+\.js$/.test(request.url())) chunks.push(request.url());
    });
    await page.goto('/');
    await page.getByTestId('play').waitFor();
    await page.getByTestId('from-position').check();
    assert.deepEqual(chunks, [], 'the start screen loads no editor code');
    await page.getByTestId('set-up-board').click();
    await page.waitForURL(/\/editor$/);
    await page.getByTestId('board-editor').waitFor();
    assert.equal(chunks.length, 1, 'the editor came in its own chunk');
    assert.equal(
      await fenField(page).inputValue(),
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      'no pasted position: the start',
    );

    await page.getByTestId('editor-clear').click();
    assert.equal(await fenField(page).inputValue(), '8/8/8/8/8/8/8/8 w - - 0 1');
    await page.locator('[data-testid="editor-verdict"][data-state="invalid"]').waitFor();
    assert.match(await verdict(page).textContent(), /no king/);

    await place(page, 'wK', 'e1');
    await dragFromPalette(page, 'bK', 'e8');
    await place(page, 'wR', 'a1');
    assert.equal(await pieceOn(page, 'e1'), 'wK');
    assert.equal(await pieceOn(page, 'e8'), 'bK', 'a spare piece dragged from the palette');
    // A knight put down and dragged off the board again is gone.
    await place(page, 'bN', 'b5');
    assert.equal(await pieceOn(page, 'b5'), 'bN');
    await dragOffBoard(page, 'b5');
    await page.waitForFunction(() => !document.querySelector('[data-square="b5"] [data-piece]'));

    // A pawn on the eighth rank: the rules crate refuses it, and nothing can be played.
    await place(page, 'wP', 'd8');
    await page.locator('[data-testid="editor-verdict"][data-state="invalid"]').waitFor();
    assert.match(
      await verdict(page).textContent(),
      /^This position cannot be played: pawn on the first or last rank\.$/,
      await fenField(page).inputValue(),
    );
    assert.equal(await page.getByTestId('editor-play').isDisabled(), true);
    await screenshot(page, 'editor-01-refused');

    // Black to move, white keeps O-O-O (no rook on h1 or a8 for the others); then the pawn is fixed by
    // dragging it down the board, which makes d3 an en-passant square.
    await page.getByTestId('editor-turn-black').check();
    assert.equal(await page.getByTestId('editor-castling-whiteKingSide').isDisabled(), true, 'no rook on h1');
    assert.equal(await page.getByTestId('editor-castling-blackQueenSide').isDisabled(), true, 'no rook on a8');
    await page.getByTestId('editor-castling-whiteQueenSide').check();
    await drag(page, 'd8', 'd4');
    await page.locator('[data-testid="editor-en-passant"] option[value="d3"]').waitFor({ state: 'attached' });
    assert.deepEqual(
      await page.getByTestId('editor-en-passant').locator('option').allTextContents(),
      ['None', 'd3'],
      await fenField(page).inputValue(),
    );
    await page.getByTestId('editor-en-passant').selectOption('d3');
    const fen = '4k3/8/8/8/3P4/8/8/R3K3 b Q d3 0 1';
    assert.equal(await fenField(page).inputValue(), fen);
    await page.locator('[data-testid="editor-verdict"][data-state="ready"]').waitFor();
    assert.equal(await verdict(page).textContent(), 'A legal position, black to move.');
    assert.equal(await page.getByTestId('editor-play').isEnabled(), true);
    await screenshot(page, 'editor-02-position');

    // Play from here: the start screen takes the FEN (side, level, clock as for a pasted one).
    await page.getByTestId('editor-play').click();
    await playHandedPosition(page, fen);
    // Black is to move there: Stockfish replies at once with its lone king.
    await waitPly(page, 1);
    assert.equal(await pieceOn(page, 'e1'), 'wK');
    assert.equal(await pieceOn(page, 'a1'), 'wR');
    assert.equal(await pieceOn(page, 'd4'), 'wP');
    assert.equal(await pieceOn(page, 'e8'), null, 'the black king has moved');
    await screenshot(page, 'editor-03-game');
    await page.context().close();
  });

  it('places pieces from the keyboard: a palette button, then Enter on a square of the grid', async () => {
    const page = await newPage();
    await page.goto('/editor');
    await page.getByTestId('board-editor').waitFor();
    await page.getByTestId('editor-clear').click();
    const queen = page.getByRole('button', { name: 'White queen' });
    await queen.focus();
    await page.keyboard.press('Enter');
    assert.equal(await queen.getAttribute('aria-pressed'), 'true');
    await page.locator('[data-cell="d1"]').focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.getByTestId('editor-announcer').textContent(), 'Put a white queen on d1.');
    assert.equal(await page.locator('[data-cell="d1"]').getAttribute('aria-label'), 'd1, white queen');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('[data-cell="e1"]').getAttribute('aria-label'), 'e1, white queen');
    assert.equal(await fenField(page).inputValue(), '8/8/8/8/8/8/8/3QQ3 w - - 0 1');
    await page.getByRole('button', { name: 'Eraser' }).click();
    await page.locator('[data-cell="e1"]').focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.getByTestId('editor-announcer').textContent(), 'Took the white queen off e1.');

    // A pasted FEN loads onto the board; one that is no FEN is refused with the field at fault.
    await page.getByTestId('editor-load').fill('4k3/8/8/8/8/8/8/4K2R w K - 3 20');
    await page.getByTestId('editor-load-button').click();
    assert.equal(await fenField(page).inputValue(), '4k3/8/8/8/8/8/8/4K2R w K - 0 1');
    assert.equal(await page.getByTestId('editor-castling-whiteKingSide').isChecked(), true);
    await page.getByTestId('editor-load').fill('4k3/8/8 w - - 0 1');
    await page.getByTestId('editor-load-button').click();
    assert.match(await page.getByTestId('editor-load-problem').textContent(), /eight ranks/);
    await page.context().close();
  });
});
