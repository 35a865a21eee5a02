#!/usr/bin/env node
// What each screen of the built client (dist/) loads, in gzipped (level 9, as scripts/compress.mjs
// writes them) and brotli bytes of JavaScript: the first page is the entry with its static imports;
// a code-split screen adds its chunk and the static imports of that chunk not already loaded.
// Run after `npm run build`: `node scripts/bundle-report.mjs` (issue #26: start and game screens
// under 100 kB of gzipped JavaScript).
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

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
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
}

/** Each screen `loaded` can open on demand, and what it adds; then the screens that one opens. */
function report(loaded, indent) {
  const lazy = new Set([...loaded].flatMap((file) => dynamicImports(read(file).toString('utf8'))));
  for (const chunk of [...lazy].sort()) {
    if (loaded.has(chunk)) continue;
    const added = [...closure(chunk)].filter((file) => !loaded.has(file));
    const name = basename(chunk).replace(/-[\w-]{8}\.js$/, '');
    const now = new Set([...loaded, ...added]);
    console.log(line(`${indent}  + ${name}`, added));
    console.log(line(`${indent}  = with ${name}`, now));
    if (indent === '') report(now, `${indent}  `);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
