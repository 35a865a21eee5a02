#!/usr/bin/env node
// A Maia step's reply time through the API: games at a Maia step (default step 7, "Maia 1100,
// sampled"), the player's moves drawn at random from the legal ones, each `POST /moves` timed
// from sending the move to the answer holding Maia's reply (the move stored, the network run, the
// reply stored). Prints p50, p90, p99 and the maximum. Not run by the tests: it measures a
// running server, e.g.
//   alphachess-server --bind 127.0.0.1:8080 --maia-dir server/data/maia --db :memory: \
//     --games-burst 1000 --unfinished-per-client 1000
//   node scripts/bench-maia-reply.mjs --base http://127.0.0.1:8080 --games 10 --level 7
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://127.0.0.1:8080' },
    games: { type: 'string', default: '10' },
    level: { type: 'string', default: '7' },
    plies: { type: 'string', default: '60' },
  },
});
const base = values.base.replace(/\/$/, '');

async function call(path, { method = 'GET', token, body } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${base}${path}`, { method, headers, body: body && JSON.stringify(body) });
  const payload = await response.json();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(payload)}`);
  return payload;
}

const times = [];
for (let g = 0; g < Number(values.games); g += 1) {
  const created = await call('/api/games', { method: 'POST', body: { color: 'white', level: Number(values.level) } });
  let game = created.game;
  while (game.status === 'ongoing' && game.ply < Number(values.plies)) {
    const legal = game.legal_moves;
    const move = legal[Math.floor(Math.random() * legal.length)].uci;
    const started = process.hrtime.bigint();
    game = await call(`/api/games/${created.id}/moves`, { method: 'POST', token: created.token, body: { move, expected_ply: game.ply } });
    // Only a move that Maia answered counts (a move that ends the game has no reply).
    if (game.ply % 2 === 0) times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  await call(`/api/games/${created.id}/resign`, { method: 'POST', token: created.token }).catch(() => {});
}

times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
console.log(`${times.length} replies at level ${values.level}: p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, p99 ${at(0.99)} ms, max ${times.at(-1).toFixed(1)} ms`);
