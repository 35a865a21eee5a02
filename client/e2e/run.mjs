// Runs the browser tests: starts the real server (ALPHACHESS_SERVER_BIN) with real Stockfish on a free
// loopback port, serving the built client, waits for /api/health, runs e2e/*.test.mjs with node's test
// runner, and always stops the server.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const clientDir = resolve(here, '..');
const distDir = join(clientDir, 'dist');
const logDir = join(clientDir, 'test-results');
const SEARCH_DEPTH = '3';
const HEALTH_TIMEOUT_MS = 60_000;

function fail(message) {
  console.error(`e2e: ${message}`);
  process.exit(1);
}

const serverBin = process.env.ALPHACHESS_SERVER_BIN;
const stockfish = process.env.STOCKFISH || '/usr/games/stockfish';
if (!serverBin || !existsSync(serverBin)) fail('set ALPHACHESS_SERVER_BIN to the release server binary (cargo build --release -p alphachess-server)');
if (!existsSync(join(distDir, 'index.html'))) fail('client/dist is missing: run `npm run build` first');
if (!existsSync(process.env.CHROMIUM || '/usr/bin/chromium')) fail('Chromium is missing: apt-get install -y chromium');

/** Asks the kernel for a free loopback port. */
function freePort() {
  return new Promise((done, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

async function waitForHealth(base, server) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} (see test-results/server.log)`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer /api/health within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

function stop(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** The server flags for the test run; `--level default` only where this server build knows the flag. */
function serverArgs(port) {
  const args = ['--bind', `127.0.0.1:${port}`, '--static-dir', distDir, '--stockfish', stockfish, '--depth', SEARCH_DEPTH];
  const help = spawnSync(serverBin, ['--help'], { encoding: 'utf8', timeout: 10_000 });
  if (/--level\b/.test(`${help.stdout}`)) args.push('--level', 'default');
  return args;
}

mkdirSync(logDir, { recursive: true });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const log = createWriteStream(join(logDir, 'server.log'));
const server = spawn(serverBin, serverArgs(port), { stdio: ['ignore', 'pipe', 'pipe'] });
server.stdout.pipe(log);
server.stderr.pipe(log);
let tests;
const onSignal = async () => {
  tests?.kill('SIGTERM');
  await stop(server);
  process.exit(130);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

let code = 1;
try {
  await waitForHealth(base, server);
  console.log(`e2e: server up on ${base}`);
  const files = readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort().map((f) => join(here, f));
  tests = spawn(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...files], {
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: base },
  });
  code = await new Promise((done) => tests.on('exit', (c) => done(c ?? 1)));
} catch (error) {
  console.error(`e2e: ${error.message}`);
} finally {
  await stop(server);
}
process.exit(code);
