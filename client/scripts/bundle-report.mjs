#!/usr/bin/env node
// What each screen of the built client (dist/) loads, in gzipped (level 9, as scripts/compress.mjs
// writes them) and brotli bytes of JavaScript: the first page is the entry with its static imports;
// a code-split screen adds its chunk and the static imports of that chunk not already loaded.
// Run after `npm run build`: `node scripts/bundle-report.mjs`. It fails (exit 1) when the start screen
// ships more than 100 kB of gzipped JavaScript or the game screen more than 150 kB (issue #39: the app
// on React 19 with react-dom, whose runtime alone is about 60 kB), so `./build.sh test` checks it.
import { readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const assets = join(dist, 'assets');

/** The chunk files a built chunk imports statically (`from"./x.js"`, `import"./x.js"`, either quote). */
export function staticImports(code) {
  return [...code.matchAll(/(?:from|import)\s*["`]\.\/([^"`]+\.js)["`]/g)].map((match) => match[1]);
}

/** The chunk files a built chunk loads on demand (`import("./x.js")`: a lazy screen). */
export function dynamicImports(code) {
  return [...new Set([...code.matchAll(/import\(\s*["`]\.\/([^"`]+\.js)["`]\s*\)/g)].map((match) => match[1]))];
}

/**
 * Issue #39: the most gzipped JavaScript each budgeted screen may ship, the runtime included. The
 * start screen is the first paint; the game screen adds the board library (react-chessboard with
 * dnd-kit, about 22 kB) and the game's own code. The other screens are code-split and unbudgeted.
 */
export const BUDGETS_GZ = new Map([
  ['start screen', 100_000],
  ['game screen', 150_000],
]);
/** The lazy chunk of the game screen, opened from the start page. */
const GAME_SCREEN = 'GameScreen';

/**
 * What breaks the budgets, one sentence each (none when they hold): `screens` maps each budgeted
 * screen's name to its gzipped bytes, or to `undefined` when the build has no such screen; `budgets`
 * maps the same names to their limits (a screen with no budget is a mistake, and says so).
 */
export function overBudget(screens, budgets = BUDGETS_GZ) {
  return [...screens].flatMap(([name, gz]) => {
    const budget = budgets.get(name);
    if (budget === undefined) return [`the ${name} has no budget`];
    if (gz === undefined) return [`the ${name} is not in the build: its budget cannot be checked`];
    if (gz > budget) return [`the ${name} ships ${kb(gz)} of gzipped JavaScript, over its ${kb(budget)} budget`];
    return [];
  });
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const read = (file) => readFileSync(join(assets, file));

/** `file` and every chunk it imports statically, recursively. */
function closure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const next of staticImports(read(file).toString('utf8'))) closure(next, seen);
  return seen;
}

function sizes(files) {
  let gz = 0;
  let br = 0;
  let raw = 0;
  for (const file of files) {
    const data = read(file);
    raw += data.length;
    gz += gzipSync(data, { level: 9 }).length;
    br += brotliCompressSync(data).length;
  }
  return { raw, gz, br };
}

const line = (name, files) => {
  const { raw, gz, br } = sizes(files);
  return `${name.padEnd(34)} ${kb(gz).padStart(9)} gz ${kb(br).padStart(9)} br ${kb(raw).padStart(10)} raw  (${[...files].map((f) => f.replace(/-[\w-]{8}\.js$/, '')).join(', ')})`;
};

function main() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('no module script in dist/index.html: run `npm run build` first');
  const first = closure(entry);
  console.log(line('first page (start screen)', first));
  report(first, '');

  const game = lazyChunks(first).find((chunk) => chunkName(chunk) === GAME_SCREEN);
  const screens = new Map([
    ['start screen', sizes(first).gz],
    ['game screen', game && sizes(new Set([...first, ...closure(game)])).gz],
  ]);
  const failures = overBudget(screens);
  for (const failure of failures) console.error(`bundle-report: ${failure} (issue #39)`);
  if (failures.length > 0) process.exit(1);
  const within = [...screens].map(([name, gz]) => `the ${name} ships ${kb(gz)} (budget ${kb(BUDGETS_GZ.get(name))})`);
  console.log(`bundle-report: within budget, gzipped: ${within.join('; ')}`);
}

/** The chunks `loaded` can open on demand (lazy screens), sorted. */
const lazyChunks = (loaded) => [...new Set([...loaded].flatMap((file) => dynamicImports(read(file).toString('utf8'))))].sort();
/** A chunk's name without Vite's content hash: `GameScreen-Oso3tEKc.js` is `GameScreen`. */
const chunkName = (file) => basename(file).replace(/-[\w-]{8}\.js$/, '');

/** Each screen `loaded` can open on demand, and what it adds; then the screens that one opens. */
function report(loaded, indent) {
  for (const chunk of lazyChunks(loaded)) {
    if (loaded.has(chunk)) continue;
    const added = [...closure(chunk)].filter((file) => !loaded.has(file));
    const name = chunkName(chunk);
    const now = new Set([...loaded, ...added]);
    console.log(line(`${indent}  + ${name}`, added));
    console.log(line(`${indent}  = with ${name}`, now));
    if (indent === '') report(now, `${indent}  `);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
