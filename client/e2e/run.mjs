// Runs the browser tests: starts the real server (ALPHACHESS_SERVER_BIN) with real Stockfish on a free
// loopback port, serving the built client, waits for /api/health, runs e2e/*.test.mjs with node's test
// runner, and always stops the server.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distDir, startServer } from './server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const SEARCH_DEPTH = 3;

function fail(message) {
  console.error(`e2e: ${message}`);
  process.exit(1);
}

const serverBin = process.env.ALPHACHESS_SERVER_BIN;
if (!serverBin || !existsSync(serverBin))
  fail('set ALPHACHESS_SERVER_BIN to the release server binary (cargo build --release -p alphachess-server)');
if (!existsSync(join(distDir, 'index.html'))) fail('client/dist is missing: run `npm run build` first');
if (!existsSync(process.env.CHROMIUM || '/usr/bin/chromium')) fail('Chromium is missing: apt-get install -y chromium');

let server;
let tests;
const onSignal = async () => {
  tests?.kill('SIGTERM');
  await server?.stop();
  process.exit(130);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

let code = 1;
try {
  server = await startServer({ depth: SEARCH_DEPTH });
  console.log(`e2e: server up on ${server.base}`);
  const only = process.argv.slice(2);
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.test.mjs') && (only.length === 0 || only.some((name) => f.includes(name))))
    .sort()
    .map((f) => join(here, f));
  tests = spawn(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...files], {
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: server.base },
  });
  code = await new Promise((done) => tests.on('exit', (c) => done(c ?? 1)));
} catch (error) {
  console.error(`e2e: ${error.message}`);
} finally {
  await server?.stop();
}
process.exit(code);
