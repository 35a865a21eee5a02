// Unit tests of the licence rule (node --test scripts/).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { acceptable } from './check-dependencies.mjs';

test('permissive licences and choices that include one are acceptable', () => {
  for (const ok of [
    'MIT',
    'MIT OR Apache-2.0',
    'MIT/Apache-2.0',
    'Apache-2.0 WITH LLVM-exception OR Apache-2.0 OR MIT',
    '(MIT OR Apache-2.0) AND Unicode-3.0',
    'MIT OR Apache-2.0 OR LGPL-2.1-or-later',
    'Unlicense/MIT',
  ]) {
    assert.equal(acceptable(ok), true, ok);
  }
});

test('the GPL family without a permissive alternative is refused', () => {
  for (const bad of ['GPL-3.0', 'GPL-3.0-or-later', 'LGPL-2.1+', 'AGPL-3.0-only', 'MIT AND GPL-2.0', '(MIT OR Apache-2.0) AND LGPL-3.0']) {
    assert.equal(acceptable(bad), false, bad);
  }
});

test('a malformed expression is an error, not a pass', () => {
  assert.throws(() => acceptable('(MIT OR'));
  assert.throws(() => acceptable('MIT Apache-2.0'));
});
