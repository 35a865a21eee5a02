// The paths the docs and the comments name, checked to exist (issue #39): run by
// `node --test scripts/` through doc-paths.test.mjs, or alone (`node scripts/doc-paths.mjs`) to
// list what is missing.
//
// Where paths are read: the whole text of every Markdown file, and the comments of every .rs, .ts,
// .tsx, .mjs and .sh file (`//`, `/* */` and their `*` lines; `#` in shell), of the files git
// tracks.
//
// What a path is: a word of path characters with at least one `/` that names a file with an
// extension (`server/bench/hostile.sh`, `engine/src/fen.rs`) or a folder by its trailing `/`
// (`server/data/openings/`). Not paths: URLs (`://`), absolute or home paths
// (`/usr/games/stockfish`, `~/.config/…`), globs and placeholders (`*`, `{`, `<`, `$`, `…`, `...`)
// and Rust paths (`crate::a::b`).
//
// Where it must be: a path starting with `../` is relative to its file; one whose first part is an
// entry of a folder that holds the file, or of the root, is relative to the nearest such folder
// (`src/games/` in server/README.md is server/src/games/; `games/model/level.rs` in a comment
// under server/src/ is server/src/games/model/level.rs). Any other path must end some tracked
// path (`features/start/startScreen.css` in docs/client.md is under client/src/), unless it is
// in another program's tree or an output, listed in ELSEWHERE with the reason.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Extensions that make a word a file's name. */
const EXTENSIONS = new Set(
  'rs ts tsx mjs js cjs sh md json toml py tsv epd pgn css html txt yml yaml conf sql lock d.ts svg'.split(' '),
);

/** The text of `file` in which paths are looked for: all of it for Markdown, comments otherwise. */
export function readable(file, text) {
  if (file.endsWith('.md')) return text;
  const lines = text.split('\n');
  if (file.endsWith('.sh')) {
    return lines.map((line) => line.match(/(?:^|\s)#(?!!)(.*)$/)?.[1] ?? '').join('\n');
  }
  let inBlock = false;
  return lines
    .map((line) => {
      const trimmed = line.trim();
      if (inBlock) {
        if (trimmed.includes('*/')) inBlock = false;
        return trimmed;
      }
      if (trimmed.startsWith('/*')) {
        inBlock = !trimmed.includes('*/');
        return trimmed;
      }
      const at = lineCommentAt(line);
      return at >= 0 ? line.slice(at + 2) : '';
    })
    .join('\n');
}

/**
 * Where the line comment of a line of code starts: the first `//` that belongs neither to a URL's
 * `://` nor to a string (as many of each quote before it as it takes to close them), or -1.
 */
function lineCommentAt(line) {
  for (const match of line.matchAll(/(?<!:)\/\//g)) {
    const before = line.slice(0, match.index);
    if (['"', "'", '`'].every((quote) => before.split(quote).length % 2 === 1)) return match.index;
  }
  return -1;
}

/** The words of `text` that look like paths: path characters with a `/`, trailing punctuation off. */
export function candidates(text) {
  const words = text.match(/[\w.\-/*{}<>$~…@:+%]+/g) ?? [];
  return words
    .map((word) => word.replace(/[.,:;]+$/, ''))
    .filter((word) => !/:\/\/|[*{}<>$~…@%]|\.\.\.|::/.test(word))
    .filter((word) => !word.startsWith('/'))
    .map((word) => word.replace(/^(\.\/)+/, ''))
    .filter((word) => word.includes('/'))
    .filter((word) => {
      if (word.endsWith('/')) return word.length > 1 && !word.startsWith('/');
      const name = word.split('/').pop();
      const dot = name.indexOf('.');
      if (dot <= 0) return false;
      return EXTENSIONS.has(name.slice(dot + 1)) || EXTENSIONS.has(name.split('.').pop());
    });
}

/**
 * Paths named on purpose that are not in this repository, by first part or whole: other
 * programs' trees the comments cite, build outputs, examples. Each with why.
 */
export const ELSEWHERE = new Map([
  ['modules', "lila's tree (lichess-org/lila), cited for formulas reproduced from it"],
  ['ui', "lila's tree (lichess-org/lila), its front end"],
  ['doc', "lichess-org/api's tree: the lichess API's OpenAPI specs"],
  ['tags', "lichess-org/api's tree, as its specs name their files"],
  ['old', "the ladder's game logs, kept outside the repository (docs/ladder.md)"],
  ['x', 'check-imports.mjs: an example of what an import resolves to'],
  ['dist', "the client's build output (client/dist/), not tracked"],
  ['client/dist', "the client's build output, not tracked"],
  ['client/e2e/screenshots', 'what the browser tests write, not tracked'],
  ['move_prediction', "CSSLab/maia-chess's tree: the Maia authors' reference code"],
  ['maia_weights', "CSSLab/maia-chess's tree: where the networks in server/data/maia/ come from"],
]);

/** Whether `entry` is a file or folder in `dir`. */
function hasEntry(dir, entry) {
  try {
    return readdirSync(dir).includes(entry);
  } catch {
    return false;
  }
}

/**
 * Where `word`, named in `file` (repository-relative), should be: a repository-relative path, or
 * `null` when the word is anchored nowhere and so is no path this check knows.
 */
export function resolveNamed(file, word, root = ROOT) {
  const folder = posix.dirname(file);
  if (word.startsWith('../')) return posix.normalize(posix.join(folder, word));
  const first = word.split('/')[0];
  // The file's own folder, then each folder above it, then the root.
  const parts = folder === '.' ? [] : folder.split('/');
  for (let depth = parts.length; depth >= 0; depth -= 1) {
    const base = parts.slice(0, depth).join('/');
    if (hasEntry(join(root, base), first)) return posix.normalize(base ? `${base}/${word}` : word);
  }
  return null;
}

/** Every file git tracks (or is told of: `git add -N`). */
export function gitFiles(root = ROOT) {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return listed.split('\0').filter(Boolean);
}

/** The files git tracks whose text is read: Markdown, and the comments of code and scripts. */
export function trackedFiles(root = ROOT) {
  return gitFiles(root)
    .filter((file) => /\.(md|rs|ts|tsx|mjs|sh)$/.test(file))
    .filter((file) => existsSync(join(root, file)) && statSync(join(root, file)).isFile());
}

/** Every path named in `files` that does not exist: `file:line: word`. */
export function missingPaths(root = ROOT, files = trackedFiles(root), elsewhere = ELSEWHERE) {
  const all = gitFiles(root).map((file) => `/${file}`);
  const somewhere = (word) =>
    all.some((file) => (word.endsWith('/') ? file.includes(`/${word}`) : file.endsWith(`/${word}`)));
  const outside = (path) => {
    const parts = path.replace(/\/$/, '').split('/');
    return parts.some((_, at) => elsewhere.has(parts.slice(0, at + 1).join('/')));
  };
  const missing = [];
  for (const file of files) {
    const lines = readable(file, readFileSync(join(root, file), 'utf8')).split('\n');
    lines.forEach((line, index) => {
      for (const word of candidates(line)) {
        const target = resolveNamed(file, word, root);
        const found =
          target === null ? somewhere(word) || outside(word) : existsSync(join(root, target)) || outside(target);
        if (!found) missing.push(`${file}:${index + 1}: ${word}`);
      }
    });
  }
  return missing;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const missing = missingPaths();
  console.log(missing.join('\n') || 'every named path exists');
  console.log(relative(process.cwd(), ROOT) || '.');
  process.exitCode = missing.length ? 1 : 0;
}
