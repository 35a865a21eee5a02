// docs/architecture.md's picture places every source file (node --test scripts/); the rule is at
// the top of doc-parts.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { filesWithoutAPart, parts, unplaced } from './doc-parts.mjs';

test('every source file belongs to a part of docs/architecture.md', () => {
  const missing = filesWithoutAPart();
  assert.deepEqual(missing, [], `name their part in docs/architecture.md, "The parts":\n${missing.join('\n')}`);
});

const table = [
  '# Title',
  '## The parts',
  '',
  '| part | what it is |',
  '|---|---|',
  '| `maia/` | the networks |',
  '| `server/src/main.rs`, `server/src/games/opponent/` | the opponents |',
  '',
  '## Next',
  '| `cli/` | not a part: another section |',
].join('\n');

test('a row names its folders and files; other sections name none', () => {
  assert.deepEqual(parts(table), [['maia/'], ['server/src/main.rs', 'server/src/games/opponent/']]);
});

test('a folder covers what is below it, a file only itself', () => {
  const named = parts(table).flat();
  const files = ['maia/src/lib.rs', 'server/src/main.rs', 'server/src/mainly.rs', 'server/src/games/opponent/maia.rs'];
  assert.deepEqual(unplaced(files, named), ['server/src/mainly.rs']);
});
