// Writes a Brotli (.br) and a gzip (.gz) twin beside every text file of the built SPA, once, at the best
// compression levels, so the server hands phones a third of the bytes without compressing on each request
// (server/http/precompressed.ts picks the twin the browser accepts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = 'dist/web';
// Source maps are fetched only by open developer tools; compressing them would only slow the build.
const TEXT = new Set(['.js', '.css', '.svg', '.html', '.json', '.txt', '.xml', '.webmanifest']);
// Below this a response fits in one packet either way.
const MIN_BYTES = 1024;

let before = 0;
let after = 0;
for (const name of readdirSync(ROOT, { recursive: true, encoding: 'utf8' })) {
  const file = path.join(ROOT, name);
  if (!TEXT.has(path.extname(file)) || !statSync(file).isFile()) continue;
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
  before += content.length;
  after += brotli.length;
}
console.log(
  `precompressed dist/web: ${(before / 1000).toFixed(0)} kB of text, ${(after / 1000).toFixed(0)} kB as Brotli`,
);
