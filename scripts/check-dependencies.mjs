#!/usr/bin/env node
// The dependency gate of `./build.sh test`: fails when
//  - a crate linked into any workspace member — alphachess-engine, alphachess-maia (which the server
//    links for Maia's networks), alphachess-server, the CLI — (normal and build dependencies, not
//    dev-dependencies, which are never linked into what we ship) or an npm runtime dependency of the
//    client has no licence or can only be used under the GPL family (GPL, LGPL, AGPL);
//  - the workspace's `rust-version` is not the highest `rust-version` that a linked crate declares
//    (it must tell the truth: a lower one promises a compiler the lock cannot build with).
// Usage: node scripts/check-dependencies.mjs   (from the repository root; reads `cargo metadata`
// and `client/node_modules`, so run it after `npm ci`).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Licences we must not link: copyleft that would bind our MIT/Apache code. */
const FORBIDDEN = /^(A|L)?GPL-/;

/** Splits an SPDX expression (also the old `MIT/Apache-2.0` form) into tokens. */
function tokenize(expression) {
  return expression
    .replace(/\//g, ' OR ')
    .replace(/([()])/g, ' $1 ')
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * Whether we may use a package under `expression` without accepting a forbidden licence: `A OR B`
 * needs one acceptable side, `A AND B` both, `A WITH exception` is judged by `A`.
 */
export function acceptable(expression) {
  const tokens = tokenize(expression);
  let at = 0;
  const peek = () => tokens[at];
  function primary() {
    const token = tokens[at++];
    if (token === '(') {
      const value = or();
      if (tokens[at++] !== ')') throw new Error(`unbalanced parentheses in ${expression}`);
      return value;
    }
    if (token === undefined || token === ')') throw new Error(`malformed licence ${expression}`);
    if (peek() === 'WITH') at += 2;
    return !FORBIDDEN.test(token.replace(/\+$/, ''));
  }
  function and() {
    let value = primary();
    while (peek() === 'AND') {
      at++;
      value = primary() && value;
    }
    return value;
  }
  function or() {
    let value = and();
    while (peek() === 'OR') {
      at++;
      value = and() || value;
    }
    return value;
  }
  const value = or();
  if (at !== tokens.length) throw new Error(`malformed licence ${expression}`);
  return value;
}

/** Every crate reachable from the workspace members through non-dev dependencies. */
function linkedCrates() {
  const metadata = JSON.parse(
    execFileSync('cargo', ['metadata', '--format-version', '1', '--locked'], { maxBuffer: 1 << 28, encoding: 'utf8' }),
  );
  const packages = new Map(metadata.packages.map((p) => [p.id, p]));
  const nodes = new Map(metadata.resolve.nodes.map((n) => [n.id, n]));
  const seen = new Set();
  const stack = [...metadata.workspace_members];
  while (stack.length > 0) {
    const id = stack.pop();
    if (seen.has(id)) continue;
    seen.add(id);
    for (const dep of nodes.get(id).deps) {
      if (dep.dep_kinds.some((kind) => kind.kind !== 'dev')) stack.push(dep.pkg);
    }
  }
  const members = new Set(metadata.workspace_members);
  const names = new Set(metadata.workspace_members.map((id) => packages.get(id).name));
  for (const required of ['alphachess-engine', 'alphachess-maia', 'alphachess-server']) {
    if (!names.has(required)) throw new Error(`${required} is not a workspace member, so its crates would go unchecked`);
  }
  return {
    crates: [...seen].filter((id) => !members.has(id)).map((id) => packages.get(id)),
    members: metadata.workspace_members.map((id) => packages.get(id)),
  };
}

/** Every package `npm ci` installed for the client's runtime (not its dev tools). */
function clientRuntimePackages() {
  const client = 'client';
  if (!existsSync(join(client, 'node_modules'))) throw new Error('client/node_modules is missing: run npm ci in client/ first');
  const out = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], { cwd: client, encoding: 'utf8' });
  return out
    .split('\n')
    .filter((path) => path.includes('node_modules'))
    .map((path) => {
      const manifest = JSON.parse(readFileSync(join(path, 'package.json'), 'utf8'));
      const license = typeof manifest.license === 'string' ? manifest.license : manifest.license?.type;
      return { name: manifest.name, version: manifest.version, license };
    });
}

/** `1.89` and `1.89.0` compare as versions. */
function versionKey(version) {
  return version.split('.').map(Number).concat([0, 0, 0]).slice(0, 3);
}

function newer(a, b) {
  const [x, y] = [versionKey(a), versionKey(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return false;
}

function licenceProblems(kind, packages) {
  const problems = [];
  for (const p of packages) {
    const where = `${kind} ${p.name} ${p.version}`;
    if (!p.license) problems.push(`${where} declares no licence`);
    else if (!acceptable(p.license)) problems.push(`${where} is only available under ${p.license}`);
  }
  return problems;
}

function rustVersionProblems(crates, members) {
  const highest = crates
    .filter((p) => p.rust_version)
    .reduce((best, p) => (best === undefined || newer(p.rust_version, best.rust_version) ? p : best), undefined);
  if (highest === undefined) return [];
  return members
    .filter((m) => versionKey(m.rust_version ?? '0').join('.') !== versionKey(highest.rust_version).join('.'))
    .map(
      (m) =>
        `${m.name} says rust-version ${m.rust_version ?? '(none)'}, but ${highest.name} ${highest.version} needs ${highest.rust_version}: set [workspace.package] rust-version = "${highest.rust_version}"`,
    );
}

function main() {
  const { crates, members } = linkedCrates();
  const npm = clientRuntimePackages();
  const problems = [
    ...licenceProblems('crate', crates),
    ...licenceProblems('npm package', npm),
    ...rustVersionProblems(crates, members),
  ];
  if (problems.length > 0) {
    console.error(`dependency check failed:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    `dependency check: ${crates.length} linked crates and ${npm.length} client runtime packages, none GPL-only or unlicensed; rust-version matches the lock`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    main();
  } catch (error) {
    console.error(`dependency check failed: ${error.message}`);
    process.exit(1);
  }
}
