// Chess960 in the browser against the real server and Stockfish: a setup chosen by number on the
// start screen, and castling by dropping the king onto its own rook.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { drag, moveTexts, newPage, openGameFromApi, pieceOn, screenshot, useBrowser, waitIdle, waitPiece, waitPly } from './helpers.mjs';

useBrowser();

/**
 * White's king on f1 between its rooks on b1 and h1, g1 empty: dropped on h1 the king castles
 * short (king g1, rook f1), where a drop on g1 would be an ordinary king step.
 */
const CASTLE_READY_FEN = '1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3K1R w HBgb - 0 1';

describe('Chess960', () => {
  it('starts the setup with the number typed on the start screen', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.locator('label[data-side="white"]').click();
    await page.getByTestId('chess960').check();
    await page.getByTestId('chess960-number').fill('0');
    await page.getByTestId('play').click();
    await page.waitForURL(/\/game\/[A-Za-z0-9_-]+$/);
    await waitIdle(page);
    // Setup 0 is BBQNNRKR (Scharnagl's numbering), mirrored for black.
    const expected = ['B', 'B', 'Q', 'N', 'N', 'R', 'K', 'R'];
    for (const [index, file] of [...'abcdefgh'].entries()) {
      assert.equal(await pieceOn(page, `${file}1`), `w${expected[index]}`, `white's ${file}1`);
      assert.equal(await pieceOn(page, `${file}8`), `b${expected[index]}`, `black's ${file}8`);
    }
    assert.equal(
      await page.getByTestId('variant-badge').textContent(),
      'Chess960 · setup 0',
      'the game says it is Chess960, and which setup',
    );
    await screenshot(page, '10-chess960-setup-0');
    await page.context().close();
  });

  it('castles short when the king is dropped onto its own rook', async () => {
    const page = await newPage();
    await openGameFromApi(page, { color: 'white', level: 1, variant: 'chess960', fen: CASTLE_READY_FEN });
    await drag(page, 'f1', 'h1');
    await waitPiece(page, 'g1', 'wK');
    await waitPiece(page, 'f1', 'wR');
    assert.equal(await pieceOn(page, 'h1'), null, 'the rook left h1');
    assert.equal(await pieceOn(page, 'b1'), 'wR', 'the other rook stays');
    await waitPly(page, 2);
    const moves = await moveTexts(page);
    assert.equal(moves[0], 'O-O');
    assert.equal(moves.length, 2, 'Stockfish answered');
    assert.equal(await pieceOn(page, 'g1'), 'wK');
    assert.equal(await pieceOn(page, 'f1'), 'wR');
    await screenshot(page, '11-chess960-castled');
    await page.context().close();
  });
});
