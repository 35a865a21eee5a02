#!/usr/bin/env node
// The client's import rules, checked over src/ (part of `npm run lint`):
//  - no import cycles, type-only imports included (a cycle of types still ties two modules together);
//  - features never import each other (HOUSE_STYLE): what two features share lives outside both;
//  - shared code (api/, chess/, components/, settings/, storage/, ...) never imports a feature: it sits
//    below them, and only the composition root (app/ and main.tsx) puts features together;
//  - inside a feature, imports go down its layers, never up: components → hooks → api → model (a
//    feature's pure logic imports no React hook, its queries no component); tests are exempt, they
//    put the layers together on purpose.
// A plain script over the import statements rather than an ESLint plugin: the plugins that resolve
// imports pull in native resolver binaries whose optional packages `npm ci` cannot install here.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SOURCE_EXTENSIONS = ['.ts', '.tsx'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"](\.{1,2}\/[^'"]*)['"]|(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]*)['"]/g;

/** Every .ts/.tsx file below `dir`. */
function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names (`./x` → `./x.ts`, `./x.tsx` or `./x/index.ts`). */
function resolveImport(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, ...SOURCE_EXTENSIONS.map((ext) => base + ext), ...SOURCE_EXTENSIONS.map((ext) => join(base, `index${ext}`))];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

/** file → the files it imports (relative imports only: packages cannot take part in a cycle of ours). */
export function importGraph(files, read = (path) => readFileSync(path, 'utf8')) {
  const graph = new Map();
  for (const file of files) {
    const targets = new Set();
    for (const match of read(file).matchAll(IMPORT)) {
      const target = resolveImport(file, match[1] ?? match[2]);
      if (target && !target.endsWith('.d.ts')) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** The cycles of `graph` (Tarjan's strongly connected components of more than one file, or a self-import). */
export function cycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  function visit(node) {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.reverse());
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The feature a file belongs to (`src/features/<name>/...`), if any. */
function featureOf(srcDir, file) {
  const parts = relative(srcDir, file).split('/');
  return parts[0] === 'features' && parts.length > 2 ? parts[1] : undefined;
}

/** Imports from one feature into another, as `from → to` pairs. */
export function crossFeatureImports(srcDir, graph) {
  const found = [];
  for (const [file, targets] of graph) {
    const feature = featureOf(srcDir, file);
    if (!feature) continue;
    for (const target of targets) {
      const other = featureOf(srcDir, target);
      if (other && other !== feature) found.push([file, target]);
    }
  }
  return found;
}

/** Where features are put together: the only code outside `features/` that may import them. */
const COMPOSITION_ROOTS = ['app', 'main.tsx'];

/** Imports from shared code (outside `features/` and the composition root) into a feature, as `from → to` pairs. */
export function sharedImportsOfFeatures(srcDir, graph) {
  const found = [];
  for (const [file, targets] of graph) {
    const top = relative(srcDir, file).split('/')[0];
    if (top === 'features' || COMPOSITION_ROOTS.includes(top)) continue;
    for (const target of targets) if (featureOf(srcDir, target)) found.push([file, target]);
  }
  return found;
}

/** A feature's layers from the bottom up (bulletproof-react's inner folders): each may import those below it. */
const LAYERS = ['model', 'api', 'hooks', 'components'];

/** The layer of a file inside a feature (the innermost layer folder on its path), if any. */
function layerOf(srcDir, file) {
  const parts = relative(srcDir, file).split('/');
  if (parts[0] !== 'features') return undefined;
  const folders = parts.slice(2, -1).filter((part) => LAYERS.includes(part));
  return folders.at(-1);
}

/** Imports inside features that go up a layer (a model importing a hook, ...), as `from → to` pairs. */
export function upwardLayerImports(srcDir, graph) {
  const found = [];
  for (const [file, targets] of graph) {
    const layer = layerOf(srcDir, file);
    if (!layer || /\.test\.tsx?$/.test(file)) continue;
    for (const target of targets) {
      const other = layerOf(srcDir, target);
      if (other && LAYERS.indexOf(other) > LAYERS.indexOf(layer)) found.push([file, target]);
    }
  }
  return found;
}

function main() {
  const srcDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'src');
  const graph = importGraph(sourceFiles(srcDir));
  const name = (file) => relative(srcDir, file);
  const problems = [
    ...cycles(graph).map((cycle) => `import cycle: ${[...cycle, cycle[0]].map(name).join(' → ')}`),
    ...crossFeatureImports(srcDir, graph).map(([from, to]) => `features never import each other: ${name(from)} imports ${name(to)}`),
    ...sharedImportsOfFeatures(srcDir, graph).map(([from, to]) => `shared code never imports a feature: ${name(from)} imports ${name(to)}`),
    ...upwardLayerImports(srcDir, graph).map(
      ([from, to]) => `a feature's layers import down (components → hooks → api → model): ${name(from)} imports ${name(to)}`,
    ),
  ];
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log(
    `imports: ${graph.size} modules, no cycles, no imports between features, none from shared code into a feature, none up a feature's layers`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();
