// Playing whole moves against the real server and Stockfish: drag, click, black, takeback, resign, reload.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  clickMove,
  drag,
  holdMoveRequests,
  useBrowser,
  moveTexts,
  newPage,
  pieceOn,
  playTwoMovesEach,
  recordMoveRequests,
  screenshot,
  sounds,
  square,
  startFromUi,
  waitIdle,
  waitPiece,
  waitPly,
} from './helpers.mjs';

useBrowser();

describe('playing against Stockfish', () => {
  it('shows the start screen with side and level choices', async () => {
    const page = await newPage();
    await page.goto('/');
    assert.equal(await page.locator('label[data-side]').count(), 3);
    assert.equal(await page.locator('button[data-level]').count(), 21);
    assert.equal(await page.locator('button[data-level="5"]').getAttribute('aria-checked'), 'true', 'a beginner-friendly level by default');
    assert.match(await page.getByTestId('level-description').textContent(), /^Learner/);
    for (let level = 1; level <= 21; level++) {
      assert.ok(await page.locator(`button[data-level="${level}"]`).getAttribute('title'), `level ${level} is described`);
    }
    await screenshot(page, '01-start-screen');
    await page.context().close();
  });

  it('keeps the chosen level highlighted under the pointer, and sets the error box apart from Play', async () => {
    const page = await newPage();
    await page.goto('/');
    const chosen = page.locator('button[data-level="5"]');
    const background = () => chosen.evaluate((el) => getComputedStyle(el).backgroundColor);
    const highlighted = await background();
    await chosen.hover();
    assert.equal(await background(), highlighted, 'the same colour under the pointer');
    await page.route('**/api/games', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"too_many_games","message":"full"}' }),
    );
    await page.getByTestId('play').click();
    const error = page.getByRole('alert');
    await error.waitFor();
    const play = await page.getByTestId('play').boundingBox();
    const box = await error.boundingBox();
    assert.ok(box.y >= play.y + play.height + 8, `a gap between Play and the error (${box.y - play.y - play.height}px)`);
    assert.match(await error.textContent(), /busy/);
    await page.context().close();
  });

  it('remembers the level chosen last across a reload', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.locator('button[data-level="7"]').click();
    assert.match(await page.getByTestId('level-description').textContent(), /^Club player/);
    await page.reload();
    assert.equal(await page.locator('button[data-level="7"]').getAttribute('aria-checked'), 'true');
    assert.equal(await page.locator('button[data-level="5"]').getAttribute('aria-checked'), 'false');
    await page.context().close();
  });

  it('plays as white by dragging a piece, and Stockfish answers', async () => {
    const page = await newPage();
    await startFromUi(page, { color: 'white' });
    assert.equal(await page.locator('.board').getAttribute('data-orientation'), 'white');
    await drag(page, 'e2', 'e4');
    await waitPly(page, 2);
    assert.equal(await pieceOn(page, 'e4'), 'wP');
    const moves = await moveTexts(page);
    assert.equal(moves[0], 'e4');
    assert.equal(moves.length, 2);
    assert.equal((await sounds(page))[0], 'move');
    assert.match(await page.getByTestId('announcer').textContent(), /^Stockfish played /);
    await drag(page, 'g1', 'f3');
    await waitPly(page, 4);
    await drag(page, 'f1', 'c4');
    await waitPly(page, 6);
    await screenshot(page, '02-game-in-progress');
    await page.context().close();
  });

  it('shows the move at once, locks the board and shows the thinking indicator until Stockfish answers', async () => {
    const page = await newPage();
    // Premoves off: with them on, the player's pieces may be dragged (as premoves) while Stockfish thinks.
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('alphachess:settings', JSON.stringify({ premoves: false })));
    await startFromUi(page, { color: 'white' });
    const release = await holdMoveRequests(page);
    await drag(page, 'd2', 'd4');
    await page.getByTestId('thinking').waitFor();
    assert.equal(await pieceOn(page, 'd4'), 'wP', "the player's move is on the board before the answer");
    assert.equal(await page.locator('.board').getAttribute('data-locked'), 'true');
    assert.equal(
      await page
        .locator('[data-square="g1"] [data-piece="wN"]')
        .getAttribute('style')
        .then((s) => /cursor: pointer/.test(s)),
      true,
    );
    await screenshot(page, '02b-stockfish-thinking');
    release();
    await waitPly(page, 2);
    assert.equal(await page.getByTestId('thinking').count(), 0);
    assert.equal(await page.locator('.board').getAttribute('data-locked'), 'false');
    await page.context().close();
  });

  it('snaps an illegal drop back without sending a request, with the illegal sound', async () => {
    const page = await newPage();
    await startFromUi(page, { color: 'white' });
    const requests = recordMoveRequests(page);
    await drag(page, 'e2', 'e5');
    assert.equal(await pieceOn(page, 'e2'), 'wP');
    assert.equal(await pieceOn(page, 'e5'), null);
    assert.equal(await page.evaluate(() => document.body.dataset.lastSound), 'illegal');
    assert.deepEqual(requests, []);
    await page.context().close();
  });

  it('plays by clicking a piece then a target, showing the legal targets as dots', async () => {
    const page = await newPage();
    await startFromUi(page, { color: 'white' });
    await square(page, 'g1').click();
    assert.match(await square(page, 'g1').locator('.square').getAttribute('class'), /selected/);
    const dots = await page
      .locator('.square.move-target')
      .evaluateAll((els) => els.map((el) => el.closest('[data-square]').dataset.square).sort());
    assert.deepEqual(dots, ['f3', 'h3']);
    await square(page, 'g1').click(); // a second click cancels
    assert.equal(await page.locator('.square.move-target').count(), 0);
    await clickMove(page, 'g1', 'f3');
    await waitPly(page, 2);
    assert.equal(await pieceOn(page, 'f3'), 'wN');
    assert.equal((await moveTexts(page))[0], 'Nf3');
    await page.context().close();
  });

  it('plays as black on a flipped board after Stockfish moves first, with its sound', async () => {
    const page = await newPage();
    await startFromUi(page, { color: 'black' });
    await waitPly(page, 1);
    assert.equal(await page.locator('.board').getAttribute('data-orientation'), 'black');
    const a1 = await square(page, 'a1').boundingBox();
    const a8 = await square(page, 'a8').boundingBox();
    assert.ok(a8.y > a1.y, 'rank 8 is at the bottom for black');
    assert.equal((await moveTexts(page)).length, 1);
    await page.waitForFunction(() => document.body.dataset.audio === 'running'); // unlocked by the Play click
    const heard = await sounds(page);
    assert.equal(heard.length, 1, "Stockfish's first move sounds once");
    assert.ok(['move', 'capture', 'castle', 'check', 'promote'].includes(heard[0]));
    // Black takes back only once it has moved: Stockfish's opening move is not the player's to take back.
    assert.equal(await page.getByTestId('takeback').isDisabled(), true, "nothing of black's to take back yet");
    await drag(page, 'e7', 'e5'); // legal after any first move
    await waitPly(page, 3);
    assert.equal(await pieceOn(page, 'e5'), 'bP');
    assert.equal(await page.getByTestId('takeback').isDisabled(), false, 'black may take back its move');
    await page.context().close();
  });

  it('looks back through the moves with the arrow keys and returns to the game', async () => {
    const page = await newPage();
    await startFromUi(page, { color: 'white' });
    await clickMove(page, 'd2', 'd4');
    await waitPly(page, 2);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await waitPiece(page, 'd2', 'wP'); // the start position
    assert.equal(await pieceOn(page, 'd4'), null);
    assert.equal(await page.locator('.board').getAttribute('data-locked'), 'true');
    await page.keyboard.press('ArrowRight');
    await waitPiece(page, 'd4', 'wP');
    await page.getByTestId('back-to-game').click();
    assert.equal(await page.locator('.board').getAttribute('data-locked'), 'false');
    await page.keyboard.press('f');
    assert.equal(await page.locator('.board').getAttribute('data-orientation'), 'black');
    await page.context().close();
  });

  it("takes back the last move and Stockfish's reply", async () => {
    const page = await newPage();
    await startFromUi(page, { color: 'white' });
    assert.equal(await page.getByTestId('takeback').isDisabled(), true, 'nothing to take back before the first move');
    await drag(page, 'e2', 'e4');
    await waitPly(page, 2);
    await page.getByTestId('takeback').click();
    // The first takeback of a rated game asks first: it makes the game casual.
    await page.getByTestId('confirm-casual').click();
    await waitPly(page, 0);
    await waitPiece(page, 'e2', 'wP');
    assert.equal(await pieceOn(page, 'e4'), null);
    assert.deepEqual(await moveTexts(page), []);
    await page.context().close();
  });

  it('resigns after a confirmation and shows the game-over panel with the loss sound', async () => {
    const page = await newPage();
    await startFromUi(page, { color: 'white' });
    // Until each side has made two moves ending the game aborts it: Abort stands in place of Resign.
    await page.getByTestId('abort').waitFor();
    assert.equal(await page.getByTestId('resign').count(), 0, 'no Resign at the start');
    await playTwoMovesEach(page);
    assert.equal(await page.getByTestId('abort').count(), 0, 'no Abort after two moves each');
    await page.getByTestId('resign').click();
    assert.equal(await page.getByTestId('game-over').count(), 0, 'nothing happens before the confirmation');
    await page.getByTestId('confirm-resign').click();
    await page.getByTestId('game-over').waitFor();
    assert.match(await page.getByTestId('game-over').textContent(), /You resigned/);
    assert.equal(await page.locator('#game-over-title').textContent(), 'Stockfish won');
    assert.equal(await page.getByTestId('game-over-reason').textContent(), 'You resigned', "said once, not 'You resigned by resignation'");
    assert.equal(await page.evaluate(() => document.body.dataset.lastSound), 'loss');
    await page.context().close();
  });

  it('offers a rematch at the same level after a loss, with the colours swapped unless the player keeps them', async () => {
    const page = await newPage();
    await startFromUi(page, { color: 'white', level: 3 });
    const first = page.url();
    await playTwoMovesEach(page);
    await page.getByTestId('resign').click();
    await page.getByTestId('confirm-resign').click();
    await page.getByTestId('game-over').waitFor();
    assert.equal(await page.getByTestId('next-level').count(), 0, 'no next level after a loss');
    assert.equal(await page.getByTestId('swap-colors').isChecked(), true);
    await page.getByTestId('rematch').click();
    await page.waitForURL((url) => url.href !== first && /\/game\//.test(url.pathname));
    await waitPly(page, 1); // Stockfish opens as white
    assert.equal(await page.locator('.board').getAttribute('data-orientation'), 'black');
    assert.match(await page.locator('.player-strip').first().textContent(), /level 3/);
    await page.context().close();
  });

  it('asks before leaving a live game for a new one, and the start screen offers to resume it', async () => {
    const page = await newPage();
    await startFromUi(page, { color: 'white' });
    await clickMove(page, 'e2', 'e4');
    await waitPly(page, 2);
    const game = page.url();
    await page.getByTestId('new-game').click();
    await page.getByRole('button', { name: 'Keep playing' }).click();
    assert.equal(page.url(), game, 'still in the game');
    await page.getByTestId('new-game').click();
    await page.getByTestId('confirm-new-game').click();
    await page.waitForURL((url) => url.pathname === '/');
    const resume = page.getByTestId('resume');
    await resume.waitFor();
    assert.match(await page.getByTestId('resume-card').textContent(), /1 move played/, 'e4 and its reply are one move, as players count');
    await resume.click();
    await page.waitForURL(game);
    await waitIdle(page);
    // The move list can render a frame after the view: wait for the second move, then count.
    await page.locator('.move-list button.move').nth(1).waitFor();
    assert.equal((await moveTexts(page)).length, 2);
    await page.context().close();
  });

  it("shows Stockfish's suggestion as an arrow on the player's turn, gone once a move is played", async () => {
    const page = await newPage();
    await startFromUi(page, { color: 'white' });
    await page.getByTestId('hint-button').click();
    // The first hint of a rated game asks first: it makes the game casual.
    await page.getByTestId('confirm-casual').click();
    const board = page.locator('.board[data-hint]');
    await board.waitFor();
    const uci = await board.getAttribute('data-hint');
    const [from, to] = [uci.slice(0, 2), uci.slice(2, 4)];
    assert.ok(await pieceOn(page, from), `the hint starts on a piece (${uci})`);
    const arrow = page.locator(`.board svg marker[id$="-${from}-${to}"] + path`);
    assert.equal(await arrow.count(), 1, 'one arrow from the piece to its target');
    assert.equal(await arrow.getAttribute('stroke'), '#15781b');
    assert.match(await page.getByTestId('hint').textContent(), /^Hint: \S+$/);
    await screenshot(page, '02c-hint-arrow');
    await clickMove(page, from, to);
    await waitPly(page, 2);
    assert.equal(await page.locator('.board[data-hint]').count(), 0, 'the hint belongs to the position it was asked for');
    assert.equal(await page.getByTestId('hint').count(), 0);
    await page.context().close();
  });

  it('offers no hint while Stockfish thinks', async () => {
    const page = await newPage();
    await startFromUi(page, { color: 'white' });
    assert.equal(await page.getByTestId('hint-button').isEnabled(), true);
    const release = await holdMoveRequests(page);
    await drag(page, 'e2', 'e4');
    await page.getByTestId('thinking').waitFor();
    assert.equal(await page.getByTestId('hint-button').isDisabled(), true);
    release();
    await waitPly(page, 2);
    assert.equal(await page.getByTestId('hint-button').isEnabled(), true);
    await page.context().close();
  });

  it('lets a second browser with the link watch: players named by colour, no action buttons, moves as they come', async () => {
    const page = await newPage();
    await startFromUi(page, { color: 'white' });
    await clickMove(page, 'e2', 'e4');
    await waitPly(page, 2);
    const watcher = await newPage(); // its own context: no token
    await watcher.goto(page.url());
    await waitIdle(watcher);
    assert.deepEqual(await watcher.locator('.player-name').allTextContents(), ['Black', 'White']);
    assert.match(await watcher.locator('.player-strip').first().textContent(), /Stockfish, level \d/);
    for (const id of ['hint-button', 'takeback', 'resign']) assert.equal(await watcher.getByTestId(id).count(), 0, `no ${id} button`);
    assert.equal(await watcher.locator('.board').getAttribute('data-locked'), 'true');
    assert.match(await watcher.getByTestId('status').textContent(), /watching/);
    await clickMove(page, 'd2', 'd4');
    await waitPly(page, 4);
    await waitPly(watcher, 4);
    await watcher.context().close();
    await page.context().close();
  });

  it('resumes the game after a reload', async () => {
    const page = await newPage();
    await startFromUi(page, { color: 'white' });
    await drag(page, 'e2', 'e4');
    await waitPly(page, 2);
    const before = await moveTexts(page);
    const url = page.url();
    await page.reload();
    await waitIdle(page);
    assert.equal(page.url(), url);
    assert.deepEqual(await moveTexts(page), before);
    await clickMove(page, 'd2', 'd4');
    await waitPly(page, 4);
    await page.context().close();
  });
});
