#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) twin beside every text asset of the client build, at the
// highest levels (done once here, not per request), so the server sends them as files
// (@fastify/static preCompressed). Run after `react-router build`; WEB_BUILD_DIR as in the build.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const TEXT = /\.(js|mjs|css|svg|json|txt|xml|html|map|webmanifest)$/;
// Below this, a compressed twin saves less than its own headers cost.
const MIN_BYTES = 1024;

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.resolve(webRoot, process.env.WEB_BUILD_DIR ?? 'build', 'client');

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for await (const file of files(clientDir)) {
  if (!TEXT.test(file) || (await stat(file)).size < MIN_BYTES) continue;
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  count += 1;
  before += content.length;
  after += br.length;
}
console.info(
  `precompressed ${count} assets: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB brotli`,
);
