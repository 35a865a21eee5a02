// Writes `X.br` and `X.gz` beside every compressible file of the built client (dist/), so the
// server sends them precompressed (best levels, once per build) instead of compressing on the
// fly. Small files and files that would not shrink are left alone. Run after `vite build`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm)$/;
const MIN_BYTES = 512;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

let written = 0;
for (const path of files(dist)) {
  if (!COMPRESSIBLE.test(path)) continue;
  const source = readFileSync(path);
  if (source.length < MIN_BYTES) continue;
  const variants = {
    br: brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gz: gzipSync(source, { level: 9 }),
  };
  for (const [extension, data] of Object.entries(variants)) {
    if (data.length >= source.length) continue;
    writeFileSync(`${path}.${extension}`, data);
    written += 1;
  }
}
console.log(`compress: ${written} precompressed files in ${dist}`);
