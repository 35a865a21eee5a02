// Starting and stopping the real server for the browser tests: run.mjs starts the shared one, and a
// test file may start its own with other flags (a deeper search, a gated engine).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';

const clientDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const distDir = join(clientDir, 'dist');
const logDir = join(clientDir, 'test-results');
const HEALTH_TIMEOUT_MS = 60_000;

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

async function waitForHealth(base, server, logName) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode} (see test-results/${logName})`);
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

/**
 * The server flags, plus those that only some server builds know: `--level default`, and `--db`:
 * `:memory:` unless the test names a file, so test games are not stored (and two test servers never
 * share a file). `extra` flags go last, as they are: a server that does not know one refuses to start.
 */
function serverArgs(serverBin, port, { stockfish, depth, db, extra }) {
  const args = ['--bind', `127.0.0.1:${port}`, '--static-dir', distDir, '--stockfish', stockfish, '--depth', String(depth)];
  const help = `${spawnSync(serverBin, ['--help'], { encoding: 'utf8', timeout: 10_000 }).stdout}`;
  if (/--level\b/.test(help)) args.push('--level', 'default');
  if (/--db\b/.test(help)) args.push('--db', db ?? ':memory:');
  // Every test game is created from 127.0.0.1: one client, as far as the per-client limits know.
  if (/--games-burst\b/.test(help)) args.push('--games-burst', '1000');
  // Each finished test game starts an analysis from that one client; tests that follow at once
  // must not find its share (4) full, or their review says "Too many requests" instead.
  if (/--analyses-per-client\b/.test(help)) args.push('--analyses-per-client', '1000');
  // The suite leaves many games unfinished, all from that one client: past its share (20) a new
  // game would be refused with 429.
  if (/--unfinished-per-client\b/.test(help)) args.push('--unfinished-per-client', '1000');
  return [...args, ...extra];
}

/**
 * A server of a test file's own (`startServer`'s options), started before its tests and stopped
 * after them; called at the top level of the file (or of a `describe`, for that block's tests).
 * `base` is the server's address once it is up.
 */
export function serverPerFile(options) {
  let server;
  before(async () => {
    server = await startServer(options);
  });
  after(async () => {
    await server?.stop();
  });
  return {
    get base() {
      return server.base;
    },
  };
}

/**
 * Starts the release server on a free loopback port, serving the built client, and waits for
 * /api/health. Resolves to `{ base, stop, start, restart }`; the server's output goes to
 * test-results/<logName>. `args` are extra flags; `db` a database file, so that a `restart` (the
 * same flags, port and file) finds the games again.
 */
export async function startServer({
  serverBin = process.env.ALPHACHESS_SERVER_BIN,
  stockfish = process.env.STOCKFISH || '/usr/games/stockfish',
  depth = 3,
  env = {},
  logName = 'server.log',
  args = [],
  db,
} = {}) {
  mkdirSync(logDir, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const argv = serverArgs(serverBin, port, { stockfish, depth, db, extra: args });
  const log = createWriteStream(join(logDir, logName));
  let server;
  const launch = async () => {
    server = spawn(serverBin, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    server.stdout.pipe(log, { end: false });
    server.stderr.pipe(log, { end: false });
    try {
      await waitForHealth(base, server, logName);
    } catch (error) {
      await stop(server);
      throw error;
    }
  };
  await launch();
  return {
    base,
    stop: () => stop(server),
    /** Kills the server at once (SIGKILL), as a crash or a pulled plug would: no graceful shutdown. */
    kill: () =>
      new Promise((done) => {
        if (server.exitCode !== null || server.signalCode !== null) return done();
        server.once('exit', () => done());
        server.kill('SIGKILL');
      }),
    /** Starts the stopped server again on the same port (and database), as an operator would. */
    start: launch,
    /** `stop` then `start`. */
    restart: async () => {
      await stop(server);
      await launch();
    },
  };
}
