// Accessibility (issue #27): axe-core over the start, game, review, My games, board editor and analysis screens with no
// violation of any impact, best practices included (issue #40), and the board played from the keyboard alone with a screen reader's words.
//
// axe is injected with `page.evaluate(source)`, which runs through the DevTools protocol and is not a
// <script> element, so the app's strict CSP (`script-src 'self'`) stays on: no `bypassCSP` needed.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { axeViolations } from './axe.mjs';
import { newPage, openGameFromApi, screenshot, startFromUi, useBrowser, waitPly } from './helpers.mjs';

useBrowser();

/** The elements the Tab key reaches before `stop`, in order. */
async function tabStopsBefore(page, stop) {
  await page.locator('body').focus();
  const seen = [];
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const here = await page.evaluate(() => {
      const el = document.activeElement;
      return {
        testid: el?.getAttribute('data-testid') ?? '',
        cell: el?.getAttribute('data-cell') ?? '',
        role: el?.getAttribute('role') ?? '',
        tag: el?.tagName ?? '',
      };
    });
    if (here.testid === stop) return seen;
    seen.push(here);
  }
  throw new Error(`Tab never reached ${stop}`);
}

describe('accessibility', () => {
  it('has no axe violation of any impact on the start, game, review, My games, board editor and analysis screens', async () => {
    const page = await newPage({ viewport: { width: 1366, height: 800 } });
    const found = {};
    await page.goto('/');
    await page.getByTestId('play').waitFor();
    found.start = await axeViolations(page);
    await screenshot(page, 'a11y-01-start');

    await startFromUi(page, { color: 'white' });
    found.game = await axeViolations(page);
    await screenshot(page, 'a11y-02-game');

    const reviewed = await openGameFromApi(page, { color: 'white', pgn: '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0' });
    await page.getByTestId('game-over').waitFor();
    await page.getByTestId('review-panel').waitFor();
    found.review = await axeViolations(page);
    await screenshot(page, 'a11y-03-review');

    await page.goto('/games');
    await page.getByTestId('my-game').first().waitFor();
    found.myGames = await axeViolations(page);
    await screenshot(page, 'a11y-04-my-games');

    await page.goto('/editor');
    await page.getByTestId('board-editor').waitFor();
    await page.locator('[data-testid="editor-verdict"][data-state="ready"]').waitFor();
    found.editor = await axeViolations(page);
    await page.getByRole('button', { name: 'White knight' }).click();
    await page.getByTestId('editor-clear').click();
    await page.locator('[data-testid="editor-verdict"][data-state="invalid"]').waitFor();
    found.editorRefused = await axeViolations(page);
    await screenshot(page, 'a11y-06-editor');

    // The analysis board of the finished game, with the engine's lines and a side line in the tree.
    await page.goto(`/analysis/${reviewed}`);
    await page.getByTestId('analysis-board').waitFor();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await page.locator('.board[data-locked="false"]').waitFor();
    await page.locator('[data-cell="d7"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-cell="d5"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="analysis-board"][data-ply="2"]').waitFor();
    await page.getByTestId('engine-line').first().waitFor();
    found.analysis = await axeViolations(page);
    await screenshot(page, 'a11y-07-analysis');
    assert.deepEqual(found, { start: [], game: [], review: [], myGames: [], editor: [], editorRefused: [], analysis: [] });
    await page.context().close();
  });

  it('names every square and piece, reaches the board in one tab stop before Hint, and plays e2-e4 by arrows and Enter', async () => {
    const page = await newPage({ viewport: { width: 1366, height: 800 } });
    await startFromUi(page, { color: 'white' });
    assert.equal(await page.locator('[data-cell="e2"]').getAttribute('aria-label'), 'e2, white pawn');
    assert.equal(await page.locator('[data-cell="g8"]').getAttribute('aria-label'), 'g8, black knight');
    assert.equal(await page.locator('[data-cell="e4"]').getAttribute('aria-label'), 'e4, empty');

    const stops = await tabStopsBefore(page, 'hint-button');
    const cells = stops.filter((s) => s.cell !== '');
    assert.equal(cells.length, 1, `one stop on the board, got ${JSON.stringify(stops)}`);
    assert.ok(
      stops.every((s) => s.role !== 'button'),
      `no nameless role="button" piece among ${JSON.stringify(stops)}`,
    );
    assert.ok(stops.length <= 8, `few stops before Hint: ${JSON.stringify(stops)}`);

    await page.locator('[data-cell="e2"]').focus();
    await page.keyboard.press('Enter');
    assert.match(await page.getByTestId('board-announcer').textContent(), /Picked up the white pawn on e2\. It can go to e3, e4\./);
    assert.equal(await page.locator('[data-cell="e4"]').getAttribute('aria-label'), 'e4, empty, can move here');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-cell')), 'e4', 'two presses, two squares');
    await page.keyboard.press('Space');
    await waitPly(page, 2);
    assert.equal(await page.locator('[data-cell="e4"]').getAttribute('aria-label'), 'e4, white pawn', 'e2-e4 was played, not e3');
    assert.match(await page.getByTestId('announcer').textContent(), /^Stockfish played /);
    await screenshot(page, 'a11y-05-keyboard-move');
    await page.context().close();
  });

  it('announces the result in the live region', async () => {
    const page = await newPage();
    // White to mate in one: Qxf7#.
    await openGameFromApi(page, { color: 'white', pgn: '1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6' });
    await page.locator('[data-cell="h5"]').focus();
    await page.keyboard.press('Enter');
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowUp');
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.getByTestId('game-over').waitFor();
    assert.match(await page.getByTestId('announcer').textContent(), /^You played .*\. Game over: You won by checkmate\.$/);
    await page.context().close();
  });

  it('makes the level and clock choices one tab stop each, moved by the arrow keys', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByTestId('play').waitFor();
    const level = await page.locator('.levels [aria-checked="true"]').getAttribute('data-level');
    assert.equal(await page.locator('.levels [role="radio"][tabindex="0"]').count(), 1);
    assert.equal(await page.locator('.time-controls [role="radio"][tabindex="0"]').count(), 1);
    await page.locator('.levels [aria-checked="true"]').focus();
    await page.keyboard.press('ArrowRight');
    const next = String((Number(level) % 21) + 1);
    assert.equal(await page.locator('.levels [aria-checked="true"]').getAttribute('data-level'), next);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-level')), next);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.closest('.levels') ?? null), null, 'Tab leaves the level group at once');
    await page.locator('.time-controls [role="radio"][tabindex="0"]').focus();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'clock-untimed');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.locator('.time-controls [aria-checked="true"]').getAttribute('data-testid'), 'clock-1+0');
    await page.context().close();
  });
});
