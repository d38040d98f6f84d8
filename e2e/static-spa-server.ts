import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.webmanifest': 'application/manifest+json',
};

/**
 * What any static host or CDN does for an SPA, and nothing more: the files of `root` as they are, and index.html
 * for every other path without a file extension (the SPA's routes, so a reload or a link from an email lands on
 * its page). No server-drawn pages, no API: the split deployment's SPA must get by with what such a host offers.
 */
export async function startStaticSpaServer(root: string, port: number): Promise<{ close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    void fileFor(path.resolve(root), new URL(request.url ?? '/', 'http://host').pathname).then((file) => {
      if (!file) {
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      response.writeHead(200, {
        'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
      });
      if (request.method === 'HEAD') response.end();
      else createReadStream(file).pipe(response);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { close: () => closeServer(server) };
}

/** The file a path names under `root`, index.html for an SPA route, or undefined (a missing file, or outside root). */
async function fileFor(root: string, pathname: string): Promise<string | undefined> {
  let file: string;
  try {
    file = path.join(root, decodeURIComponent(pathname));
  } catch {
    return undefined; // a malformed escape names no file
  }
  if (!file.startsWith(root + path.sep)) return undefined;
  if (await isFile(file)) return file;
  return path.extname(pathname) === '' ? path.join(root, 'index.html') : undefined;
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (found) => found.isFile(),
    () => false,
  );
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
