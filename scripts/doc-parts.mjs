// Every source file belongs to a part of the picture in docs/architecture.md (issue #53): run by
// `node --test scripts/` through doc-parts.test.mjs, or alone (`node scripts/doc-parts.mjs`) to
// list the files no part names.
//
// The parts are the rows of the table under "## The parts": each row names its files by the
// paths in backticks in its first cell, a folder (`server/src/games/opponent/`) covering every file
// below it. A source file is one git tracks under a code folder (CODE), by its extension; a new
// folder of code nobody has placed in the picture fails here until a row names it.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './doc-paths.mjs';

/** The folders whose files are code, and the extensions that make a file source. */
const CODE = ['engine/', 'maia/', 'server/', 'cli/', 'client/', 'testkit/', 'scripts/'];
const SOURCE = /\.(rs|ts|tsx|mjs|js|cjs|py|sh|lua|css|html)$/;

/** The paths each row of the table under `## The parts` names, in order. */
export function parts(markdown) {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('The parts'));
  if (!section) return [];
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1)
    .map((row) => [...row.split('|')[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]))
    .filter((paths) => paths.length > 0);
}

/** The files of `files` that no path of `named` covers. */
export function unplaced(files, named) {
  const covers = (path, file) => (path.endsWith('/') ? file.startsWith(path) : file === path);
  return files.filter((file) => !named.some((path) => covers(path, file)));
}

/** The tracked source files under the code folders. */
export function sourceFiles() {
  return execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => CODE.some((dir) => f.startsWith(dir)) && SOURCE.test(f));
}

/** The source files docs/architecture.md's parts leave out. */
export function filesWithoutAPart() {
  const markdown = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
  return unplaced(sourceFiles(), parts(markdown).flat());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const missing = filesWithoutAPart();
  console.log(missing.length ? missing.join('\n') : 'every source file belongs to a part');
  process.exitCode = missing.length ? 1 : 0;
}
