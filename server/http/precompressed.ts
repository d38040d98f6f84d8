import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';

/** The twins scripts/precompress.mjs writes beside each text file of the build, best first. */
const ENCODINGS = [
  { name: 'br', extension: '.br' },
  { name: 'gzip', extension: '.gz' },
] as const;

/**
 * Points a request for a static file at its precompressed twin (.br, else .gz) when the browser accepts that
 * encoding, so that the express.static mounted after it serves the twin with the original's type. The list of
 * twins is read once: the build does not change while the server runs.
 */
export function precompressed(root: string): RequestHandler {
  const files = new Set(
    readdirSync(root, { recursive: true, encoding: 'utf8' }).map((name) => `/${name.split(path.sep).join('/')}`),
  );
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const twins = ENCODINGS.filter(({ extension }) => files.has(`${req.path}${extension}`));
    if (twins.length === 0) return next();
    // The reply differs by Accept-Encoding whichever representation this browser gets.
    res.vary('Accept-Encoding');
    const chosen = twins.find(({ name }) => req.acceptsEncodings(name) === name);
    if (!chosen) return next();
    res.setHeader('Content-Encoding', chosen.name);
    res.type(path.extname(req.path)); // express.static keeps a type already set, instead of the twin's own
    req.url = `${req.path}${chosen.extension}${req.url.slice(req.path.length)}`;
    next();
  };
}
