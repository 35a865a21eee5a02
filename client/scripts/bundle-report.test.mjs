// Unit tests of the bundle budget (node --test scripts/).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BUDGET_GZ, overBudget } from './bundle-report.mjs';

test('screens at or under the budget pass, and one over it is named with its size', () => {
  const screens = new Map([
    ['start screen', BUDGET_GZ],
    ['game screen', 135_400],
  ]);
  assert.deepEqual(overBudget(screens), ['the game screen ships 135.4 kB of gzipped JavaScript, over the 100.0 kB budget']);
  assert.deepEqual(overBudget(new Map([['start screen', 33_200]])), []);
});

test('a budgeted screen missing from the build fails rather than passing unchecked', () => {
  assert.deepEqual(overBudget(new Map([['game screen', undefined]])), [
    'the game screen is not in the build: the budget cannot be checked',
  ]);
});
