#!/usr/bin/env node
// Real Stockfish behind a gate, for looking at the thinking state without racing the engine: every
// line passes through untouched, except that a `bestmove` waits while the file named by
// ALPHACHESS_E2E_HOLD_FILE exists (at most HOLD_LIMIT_MS). The search itself, and every `info` line
// the server turns into thinking events, run at Stockfish's own speed.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';

const HOLD_LIMIT_MS = 20_000;
const POLL_MS = 20;
const holdFile = process.env.ALPHACHESS_E2E_HOLD_FILE;
const engine = spawn(process.env.STOCKFISH || '/usr/games/stockfish', [], { stdio: ['pipe', 'pipe', 'inherit'] });

process.stdin.pipe(engine.stdin);
process.stdin.on('end', () => engine.stdin.end());
engine.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
process.on('SIGTERM', () => engine.kill('SIGTERM'));

async function gate() {
  const deadline = Date.now() + HOLD_LIMIT_MS;
  while (holdFile && existsSync(holdFile) && Date.now() < deadline) await new Promise((r) => setTimeout(r, POLL_MS));
}

// Lines go out in order: one held `bestmove` holds back everything after it.
let queue = Promise.resolve();
createInterface({ input: engine.stdout }).on('line', (line) => {
  queue = queue.then(async () => {
    if (line.startsWith('bestmove')) await gate();
    process.stdout.write(`${line}\n`);
  });
});
