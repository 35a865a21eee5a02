// A README says each thing once (issue #54): run by `node --test scripts/` through
// doc-repeats.test.mjs, or alone (`node scripts/doc-repeats.mjs`) to list the repeats.
//
// The root README once printed a sentence twice, the second time as a paragraph that started in
// the middle of it: an edit that pasted rather than moved. Whole paragraphs compared for equality
// miss that, so the check compares runs of words: any RUN words in a row that stand twice in one
// README (in prose, list lines or table rows; code blocks are left out, since a command may
// rightly be shown twice) are a repeat. Twelve words is longer than any phrase a README repeats
// on purpose ("the engine crate re-serialized from a validated position" is nine).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, gitFiles } from './doc-paths.mjs';

/** How many words in a row make a repeat. */
export const RUN = 12;

/** The README's words outside fenced code blocks, each with the line it stands on (1-based). */
export function proseWords(text) {
  const words = [];
  let fenced = false;
  text.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    for (const word of line.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’_.-]*/gu) ?? []) {
      words.push({ word, line: index + 1 });
    }
  });
  return words;
}

/** Each run of RUN words that stands a second time, as `{ text, first, again }` line numbers. */
export function repeats(text, run = RUN) {
  const words = proseWords(text);
  const seen = new Map();
  const found = [];
  let previous = -Infinity;
  for (let at = 0; at + run <= words.length; at++) {
    const key = words
      .slice(at, at + run)
      .map((w) => w.word)
      .join(' ');
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, at);
    } else if (first + run <= at) {
      // One row per repeated passage, not one per overlapping run of it.
      if (at !== previous + 1) found.push({ text: key, first: words[first].line, again: words[at].line });
      previous = at;
    }
  }
  return found;
}

/** The tracked READMEs. */
export function readmes(root = ROOT) {
  return gitFiles(root).filter((file) => /(^|\/)README\.md$/.test(file));
}

/** Every repeat in every tracked README, as `file:line repeats line N: "..."` strings. */
export function readmeRepeats(root = ROOT) {
  return readmes(root).flatMap((file) =>
    repeats(readFileSync(join(root, file), 'utf8')).map(
      ({ text, first, again }) => `${file}:${again} repeats line ${first}: "${text} …"`,
    ),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = readmeRepeats();
  for (const line of found) console.log(line);
  process.exit(found.length === 0 ? 0 : 1);
}
