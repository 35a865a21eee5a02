// No README says a thing twice (node --test scripts/); what counts as a repeat is at the top of
// doc-repeats.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RUN, readmeRepeats, repeats } from './doc-repeats.mjs';

test('no README repeats a passage', () => {
  const found = readmeRepeats();
  assert.deepEqual(found, [], `say it once:\n${found.join('\n')}`);
});

// The root README's own slip (issue #54): a paragraph restated from the middle of the one before.
const pasted = [
  'Errors are JSON. Stockfish only ever receives positions and moves re-serialized',
  'by the engine crate, with a time limit on every search; a crashed or hung engine is restarted.',
  '',
  'positions and moves re-serialized by the engine crate, with a time limit on every search; a crashed',
  'or hung engine is restarted. Details: `server/README.md`.',
].join('\n');

test('a paragraph pasted from the middle of another is one repeat, at its line', () => {
  const found = repeats(pasted);
  assert.equal(found.length, 1);
  assert.deepEqual([found[0].first, found[0].again], [1, 4]);
  assert.match(found[0].text, /^positions and moves re-serialized/);
});

test('a repeated list line or table row is a repeat', () => {
  const line = '- the engine restarts a crashed process and leaves the game as it was before the move';
  assert.equal(repeats(`${line}\n- other\n${line}\n`).length, 1);
  const row = '| `--a` | the searches one client may have waiting in each lane of the engine pool at once |';
  assert.equal(repeats(`${row}\n${row.replace('--a', '--b')}\n`).length, 1);
});

test('commands shown twice in code blocks, and short phrases, are not repeats', () => {
  const block = '```sh\ncargo run --release -p alphachess-server -- --bind 127.0.0.1:8080 --static-dir client/dist --db x\n```';
  assert.deepEqual(repeats(`${block}\ntext\n${block}\n`), []);
  const phrase = Array.from({ length: RUN - 1 }, (_, i) => `w${i}`).join(' ');
  assert.deepEqual(repeats(`${phrase}.\n\n${phrase}.\n`), []);
});
