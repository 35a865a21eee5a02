// The paths the docs and comments name exist (node --test scripts/); the definition of a path is
// at the top of doc-paths.mjs.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { candidates, missingPaths, readable, resolveNamed } from './doc-paths.mjs';


test('every path named in a doc or a comment exists', () => {
  const missing = missingPaths();
  assert.deepEqual(missing, [], `named but missing:\n${missing.join('\n')}`);
});

test('urls, absolute paths, globs, placeholders and rust paths are no paths', () => {
  const text =
    'see https://lichess.org/api/x.md, /usr/games/stockfish, ~/.config/a/b.json, client/src/*.ts, ' +
    '`<dir>/x.rs`, crate::games::x, $HOME/a.sh, engine/src/fen.rs, server/data/openings/ and ./build.sh/x.md.';
  assert.deepEqual(candidates(text), ['engine/src/fen.rs', 'server/data/openings/', 'build.sh/x.md']);
});

test('code is read only in its comments, markdown whole', () => {
  const code = 'let p = "server/x.rs"; // see engine/src/fen.rs\n/* server/a.rs\n * cli/b.rs */\nfn f() {}';
  assert.deepEqual(candidates(readable('a.rs', code)), ['engine/src/fen.rs', 'server/a.rs', 'cli/b.rs']);
  assert.deepEqual(candidates(readable('a.sh', 'cat server/x.rs # bench/y.sh\n')), ['bench/y.sh']);
  assert.deepEqual(candidates(readable('a.md', 'run `server/x.rs`')), ['server/x.rs']);
});

test('a missing path is found where it is anchored, an example left alone', () => {
  const root = mkdtempSync(join(tmpdir(), 'doc-paths-'));
  const files = {
    'README.md': 'See server/src/a.rs and server/src/gone.rs, [b](docs/b.md), lila\'s modules/x/y.scala.\n',
    'server/src/a.rs': '// games/level.rs is wrong, src/a.rs is right, ../../README.md too\n',
    'server/src/games/model/level.rs': '',
    'docs/b.md': 'the client: `features/start/s.css`, and `features/gone.css`\n',
    'client/src/features/start/s.css': '',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, dirname(path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  execFileSync('git', ['init', '-q'], { cwd: root });
  execFileSync('git', ['add', '.'], { cwd: root });
  assert.equal(resolveNamed('server/src/a.rs', 'games/level.rs', root), 'server/src/games/level.rs');
  assert.equal(resolveNamed('docs/b.md', 'features/gone.css', root), null);
  const missing = missingPaths(root, ['README.md', 'server/src/a.rs', 'docs/b.md'], new Map([['modules', 'lila']]));
  rmSync(root, { recursive: true, force: true });
  assert.deepEqual(missing, [
    'README.md:1: server/src/gone.rs',
    'server/src/a.rs:1: games/level.rs',
    'docs/b.md:1: features/gone.css',
  ]);
});
