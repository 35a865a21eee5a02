// Unit tests of the bundle budget (node --test scripts/).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BUDGETS_GZ, overBudget } from './bundle-report.mjs';

test('the start screen may ship 100 kB of gzipped JavaScript and the game screen 150 kB', () => {
  assert.equal(BUDGETS_GZ.get('start screen'), 100_000);
  assert.equal(BUDGETS_GZ.get('game screen'), 150_000);
});

test('screens at or under their budgets pass, and one over its own is named with its size', () => {
  const atBudget = new Map([
    ['start screen', 100_000],
    ['game screen', 150_000],
  ]);
  assert.deepEqual(overBudget(atBudget), []);
  // 120 kB is within the game screen's budget but over the start screen's: each screen has its own.
  const screens = new Map([
    ['start screen', 120_000],
    ['game screen', 120_000],
  ]);
  assert.deepEqual(overBudget(screens), ['the start screen ships 120.0 kB of gzipped JavaScript, over its 100.0 kB budget']);
  assert.deepEqual(overBudget(new Map([['game screen', 155_400]])), [
    'the game screen ships 155.4 kB of gzipped JavaScript, over its 150.0 kB budget',
  ]);
});

test('a budgeted screen missing from the build fails rather than passing unchecked', () => {
  assert.deepEqual(overBudget(new Map([['game screen', undefined]])), [
    'the game screen is not in the build: its budget cannot be checked',
  ]);
});

test('a screen with no budget is reported, not passed', () => {
  assert.deepEqual(overBudget(new Map([['review screen', 1_000]])), ['the review screen has no budget']);
});
