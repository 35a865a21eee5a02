// Another frontend on another origin: the README's "Build your own frontend" page, as written there,
// served from its own loopback port against a server started with `--cors-origin` for that origin.
// It proves the README's example and the API's CORS in a real browser: fetch with a bearer token
// (a preflight), and EventSource on /api/v1 from another origin.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { ENGINE_WAIT_MS, newPage, useBrowser } from './helpers.mjs';
import { startServer } from './server.mjs';

const README = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'frontends.md');
/** The API address the README's page is written against. */
const README_API = 'http://127.0.0.1:8080/api/v1';

/** The README's example page: the first html block of its "Build your own frontend" section. */
function readmePage() {
  const readme = readFileSync(README, 'utf8');
  const section = readme.slice(readme.indexOf('## Build your own frontend'));
  const page = /```html\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(page, 'docs/frontends.md has an html example under "Build your own frontend"');
  assert.ok(page.includes(README_API), `the README's page talks to ${README_API}`);
  return page;
}

/** Serves the page `html()` gives at each request on a free loopback port: `{ origin, close }`. */
async function servePage(html) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

useBrowser();
let api;
let allowed;
let foreign;
before(async () => {
  const page = readmePage();
  // The server must know the page's origin, and the page the server's address: the page is
  // written when it is asked for, once both listen.
  const html = () => page.replace(README_API, `${api.base}/api/v1`);
  allowed = await servePage(html);
  foreign = await servePage(html);
  api = await startServer({ args: ['--cors-origin', allowed.origin], logName: 'server-other-origin.log' });
});
after(async () => {
  await allowed?.close();
  await foreign?.close();
  await api?.stop();
});

describe('a frontend on another origin (the README example)', () => {
  it('creates a game, plays e4 with its token and shows Stockfish thinking and replying from the stream', async () => {
    const page = await newPage({ baseURL: allowed.origin });
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    const log = page.locator('#log');
    // Ply 2 is Stockfish's reply, streamed after the blocking move; depth lines come before it.
    await log.filter({ hasText: /ply 2: \S+/ }).waitFor({ timeout: ENGINE_WAIT_MS });
    const text = await log.textContent();
    assert.match(text, /^ply 0: start$/m, text);
    assert.match(text, /^ply 1: e4, Stockfish thinks$/m, text);
    assert.match(text, /^ {2}depth \d+: \S+/m, text);
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('is refused by the browser on an origin the server does not allow', async () => {
    const page = await newPage({ baseURL: foreign.origin });
    const failed = new Promise((resolve) => page.on('pageerror', (error) => resolve(error.message)));
    await page.goto('/');
    assert.match(await failed, /Failed to fetch/);
    assert.equal(await page.locator('#log').textContent(), '');
    await page.context().close();
  });
});
