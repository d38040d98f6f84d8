import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import cors from 'cors';
import express, { type Express } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { setUpAuth, type AuthRateLimits } from './auth/auth-server.ts';
import { apiNotFound, errorHandler } from './http/error-handler.ts';
import { userMiddleware } from './http/require-user.ts';
import { listingsRouter } from './listings/routes.ts';
import { systemRouter } from './system/routes.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** The built SPA (dist/web); when absent only the API is served (development runs Vite beside it). */
  webRoot?: string;
  /** Injected so tests can fix "today" (listings whose stay has started are no longer for sale). */
  clock?: () => Date;
  /** Tests lower these to see the 429 without hundreds of requests. */
  authRateLimits?: AuthRateLimits;
}

const JSON_BODY_LIMIT = '100kb';
const REQUEST_ID = /^[\w.-]{1,64}$/;

export function createApp({
  config,
  database,
  logger,
  webRoot,
  clock = () => new Date(),
  authRateLimits,
}: AppDependencies): Express {
  const app = express();
  app.disable('x-powered-by');

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
    }),
  );
  app.use(helmet({ contentSecurityPolicy: { directives: contentSecurityPolicy() } }));
  app.use(corsAllowList(config));
  app.use(express.json({ limit: JSON_BODY_LIMIT }));

  const auth = setUpAuth(config, database.db, authRateLimits);
  const users = userMiddleware(auth.verify);
  if (auth.builtInServer) app.use(auth.builtInServer);

  const api = express.Router();
  api.use(systemRouter(config, database));
  api.use('/listings', listingsRouter(database.db, clock, users));
  api.use(apiNotFound);
  app.use('/api', api);

  if (webRoot && existsSync(path.join(webRoot, 'index.html'))) serveSpa(app, webRoot);

  app.use(errorHandler);
  return app;
}

function contentSecurityPolicy() {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // React sets inline style attributes (transitions, map pins); no inline <style> elements are served.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: null,
  };
}

/** Browsers may call the API only from the product's own origin and the configured extra origins. */
function corsAllowList(config: Config) {
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  return cors({
    origin: (origin, callback) => callback(null, origin === undefined || allowed.has(origin)),
    credentials: false,
    exposedHeaders: ['X-Request-Id'],
    maxAge: 600,
  });
}

/** Static files of the build, and index.html for every other GET so client-side routes survive a reload. */
function serveSpa(app: Express, webRoot: string) {
  app.use(
    '/assets',
    express.static(path.join(webRoot, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  app.use(express.static(webRoot, { index: false, maxAge: '1h' }));
  const indexHtml = path.join(webRoot, 'index.html');
  app.get(/.*/, (_req, res) => {
    res.set('Cache-Control', 'no-cache').sendFile(indexHtml);
  });
}
