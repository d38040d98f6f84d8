import { ratesRouter } from './rates/routes.ts';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import cors from 'cors';
import compression from 'compression';
import express, { type Express, type Request } from 'express';
import helmet from 'helmet';
import { pino, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { Adapters } from './adapters.ts';
import { alertDeps } from './alerts/deps.ts';
import { savedSearchesRouter } from './alerts/routes.ts';
import { payoutsRouter } from './payouts/routes.ts';
import { hotelPayoutsRouter } from './payouts/hotel-payout-routes.ts';
import { unsubscribeRouter } from './alerts/unsubscribe-routes.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { contactRouter } from './contact/routes.ts';
import { DEFAULT_AUTH_RATE_LIMITS, setUpAuth, type AuthRateLimits } from './auth/auth-server.ts';
import { apiNotFound, errorHandler, RETRY_AFTER_SECONDS } from './http/error-handler.ts';
import { redactUrl } from './http/redact-url.ts';
import { isClientRoute } from './http/client-routes.ts';
import { jsonBody, refuseNulInUrl } from './http/nul-guard.ts';
import { openApiRouter } from './openapi/route.ts';
import { appendToHead, withScriptsAtLowPriority } from './http/html.ts';
import { pagePreloads } from './http/page-chunks.ts';
import { precompressed } from './http/precompressed.ts';
import { userMiddleware } from './auth/require-user.ts';
import { demoDashboardRefundGuard } from './payments/demo-dashboard-refund.ts';
import { listingsRouter } from './listings/routes.ts';
import { hotelWebhookRouter } from './handover/hotel-webhook-route.ts';
import { hotelDeps } from './hotels/deps.ts';
import { integrationWebhookRouter } from './hotels/integration-webhook-route.ts';
import { hotelsRouter } from './hotels/routes.ts';
import { hotelPolicyRouter } from './hotel-policy/routes.ts';
import { EARLY_INPUT_SCRIPT_SOURCE } from './seo/early-input.ts';
import type { PageRenderer } from './seo/page-renderer.ts';
import { spaPage, type SpaPage } from './seo/spa-page.ts';
import { seoRouter } from './seo/routes.ts';
import { listingWritesRouter } from './selling/listing-routes.ts';
import { buyingDeps } from './payments/deps.ts';
import { purchaseRouter } from './payments/purchase-routes.ts';
import { paymentRouter } from './payments/routes.ts';
import { paymentWebhookRouter } from './payments/webhook-route.ts';
import { payoutAccountEvents } from './payouts/payout-accounts.ts';
import { photosRouter } from './photos/routes.ts';
import { reservationsRouter } from './selling/routes.ts';
import { DEFAULT_SELLING_RATE_LIMITS } from './selling/rate-limits.ts';
import { publicConfigOf } from './system/public-config.ts';
import { systemRouter } from './system/routes.ts';
import { ALREADY_STARTED, answerWhileStarting, type StartUp } from './system/start-up.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  logger: Logger;
  /** The built SPA (dist/web); when absent only the API is served (development runs Vite beside it). */
  webRoot?: string;
  /** The one source of domain time; tests fix or advance it. */
  clock: Clock;
  /** The outside services, chosen once from the configuration (createAdapters). */
  adapters: Adapters;
  /** Draws the public pages into the HTML they are served in (the build's dist/ssr); absent, their script does. */
  renderPage?: PageRenderer;
  /** Tests lower these to see the 429 without hundreds of requests. */
  authRateLimits?: AuthRateLimits;
  /** The start-up steps still under way (server/serve.ts); absent, the app is ready at once. */
  startUp?: StartUp;
}

const JSON_BODY_LIMIT = '100kb';
const REQUEST_ID = /^[\w.-]{1,64}$/;

export function createApp(dependencies: AppDependencies): Express {
  const { config, database, logger, webRoot, clock, adapters, authRateLimits, renderPage } = dependencies;
  const startUp = dependencies.startUp ?? ALREADY_STARTED;
  const { mailer, photos, pms } = adapters;
  const app = express();
  app.disable('x-powered-by');
  // Which hop's address is the client's: rate limits and logs key on it (req.ip).
  app.set('trust proxy', config.trustProxy);

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const incoming = req.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // pino-http serialises the request into every request's child logger, whatever the level; the standard
      // serialisers copy all headers (then redacted) each time. One short description is enough to find a
      // request, and no token or cookie can reach the logs.
      wrapSerializers: false,
      serializers: {
        req: (req: IncomingMessage & { id?: unknown }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.socket.remoteAddress,
        }),
        res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
        err: pino.stdSerializers.err,
      },
    }),
  );
  app.use(helmet({ contentSecurityPolicy: { directives: contentSecurityPolicy(config) } }));
  app.use(corsAllowList(config));
  app.use(refuseNulInUrl);
  // The payment provider's webhook is verified over the raw body, so it comes before the JSON parser.
  const buying = buyingDeps(dependencies);
  app.use(paymentWebhookRouter(buying, [payoutAccountEvents(buying)]));
  // API replies are JSON that shrinks to a fifth (a page of search results: 19 kB to 4); the built files are
  // served precompressed, and the page shell is compressed where it is served.
  app.use('/api', compression());
  app.use(jsonBody(JSON_BODY_LIMIT));

  const auth = setUpAuth({
    config,
    db: database.db,
    limits: authRateLimits ?? { ...DEFAULT_AUTH_RATE_LIMITS, signIn: config.signInsPerAddress },
    clock,
    devSignInPage: config.standInsAllowed ? adapters.standIns.signInPage : undefined,
  });
  const users = userMiddleware(auth.verify);
  const publicConfig = publicConfigOf(config);
  if (auth.builtInServer) app.use(auth.builtInServer);

  const api = express.Router();
  api.use(systemRouter({ publicConfig, database, clock, startUp }));
  api.use(openApiRouter({ publicUrl: config.publicUrl }));
  api.use(answerWhileStarting(startUp));
  const maxMarkupPercent = config.maxMarkupPercent;
  api.use('/listings', listingWritesRouter({ db: database.db, clock, users, maxMarkupPercent, pms }));
  api.use('/payment', paymentRouter({ ...buying, users }));
  api.use(hotelWebhookRouter({ ...buying, token: config.mewsWebhookToken }));
  const hotels = hotelDeps(dependencies);
  api.use(integrationWebhookRouter({ ...hotels, token: config.mewsIntegrationWebhookToken }));
  api.use('/hotels', hotelsRouter({ ...hotels, users }));
  api.use('/listings', purchaseRouter({ ...buying, users, maxMarkupPercent }));
  api.use('/listings', listingsRouter({ db: database.db, clock, users }));
  const codeKey = config.codeHmacKey;
  api.use(
    '/reservations',
    reservationsRouter({
      db: database.db,
      clock,
      pms,
      mailer,
      users,
      maxMarkupPercent,
      codeKey,
      rateLimits: { ...DEFAULT_SELLING_RATE_LIMITS, codeRequestsPerClient: config.codeRequestsPerAddress },
    }),
  );
  api.use('/contact', contactRouter({ db: database.db, mailer, inbox: config.contactInbox, clock }));
  api.use('/photos', photosRouter({ photos }));
  api.use('/rates', ratesRouter({ db: database.db }));
  const alerts = alertDeps(dependencies);
  api.use('/saved-searches', savedSearchesRouter({ ...alerts, users }));
  api.use('/alerts', unsubscribeRouter(alerts));
  api.use('/payouts', payoutsRouter({ ...buying, users }));
  api.use('/hotels', hotelPolicyRouter(buying, users));
  api.use('/hotels', hotelPayoutsRouter(buying, users));
  api.use(apiNotFound);
  app.use('/api', api);

  // The demo PMS, the test checkout, the dev mailbox and their pages: only on a loopback origin or in DEMO_MODE,
  // never in production.
  if (adapters.standIns.router && config.standInsAllowed) {
    // A public demo's dashboard refunds only for the payment's buyer or the demo operator.
    if (config.demoMode) {
      app.use(demoDashboardRefundGuard({ db: database.db, users, operatorToken: config.demoOperatorToken }));
    }
    app.use(adapters.standIns.router);
  }

  app.use(seoRouter({ db: database.db, clock, publicUrl: config.publicUrl, startUp }));
  if (webRoot && existsSync(path.join(webRoot, 'index.html'))) {
    serveSpa(
      app,
      webRoot,
      spaPage({
        db: database.db,
        publicUrl: config.publicUrl,
        publicConfig,
        clock,
        logger,
        renderPage,
        startUp,
      }),
    );
  }

  app.use(errorHandler);
  return app;
}

function contentSecurityPolicy(config: Config) {
  // With a maps key the marketplace loads the Google Maps script, which calls back to Google and loads its fonts.
  const maps = config.googleMapsApiKey ? ['https://maps.googleapis.com'] : [];
  // With real Stripe the listing and payment pages load Stripe.js (fraud signals), which frames and calls Stripe.
  const stripe = config.payments.mode === 'stripe';
  // With Supabase the SPA exchanges its sign-in code for tokens, and refreshes them, at the project itself.
  const supabase = config.auth.mode === 'supabase' ? [config.auth.supabaseUrl] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", EARLY_INPUT_SCRIPT_SOURCE, ...maps, ...(stripe ? ['https://js.stripe.com'] : [])],
    frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
    // React sets inline style attributes (transitions, map pins); the API's own small pages (an unsubscribe link's
    // answer, the API reference) carry one inline <style>.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    connectSrc: ["'self'", ...supabase, ...maps, ...(stripe ? ['https://api.stripe.com'] : [])],
    fontSrc: ["'self'", 'data:', ...(config.googleMapsApiKey ? ['https://fonts.gstatic.com'] : [])],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    // The development sign-in page's form is answered by a redirect to the SPA, which may run on another allowed
    // origin (CORS_ORIGINS); Chromium holds that redirect to form-action too.
    formAction: ["'self'", ...config.corsOrigins],
    upgradeInsecureRequests: null,
  };
}

/** Browsers may call the API only from the origins the SPA may run on. */
function corsAllowList(config: Config) {
  const allowed = new Set(config.appOrigins);
  return cors({
    origin: (origin, callback) => callback(null, origin === undefined || allowed.has(origin)),
    credentials: false,
    exposedHeaders: ['X-Request-Id'],
    maxAge: 600,
  });
}

/**
 * Static files of the build, and index.html for every other GET that may be a client-side route, so routes
 * survive a reload (with 404 where the app has no such page, which its shell then says); `render` fills in each
 * page's head and what its first paint needs (`seo/spa-page.ts`), and the page's own code is fetched alongside
 * the entry unless the page paints without it (then the entry's code is asked for at low priority). Code a page
 * runs only when the visitor reaches for it (the date pickers) is prefetched: fetched, not run (`pagePreloads`).
 */
function serveSpa(app: Express, webRoot: string, render: (req: Request, indexHtml: string) => Promise<SpaPage>) {
  // Before both static mounts: it rewrites /assets/x.js to /assets/x.js.br, which the /assets mount then serves.
  app.use(precompressed(webRoot));
  app.use('/assets', express.static(path.join(webRoot, 'assets'), { immutable: true, maxAge: '1y' }));
  app.use(express.static(webRoot, { index: false, maxAge: '1h' }));
  // Read once: the build does not change while the server runs.
  const indexHtml = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const preloadsOf = pagePreloads(webRoot);
  app.get(/.*/, compression(), async (req, res) => {
    if (!isClientRoute(req.path)) {
      // Not cached: the file may exist after the next deploy.
      res.status(404).set('Cache-Control', 'no-cache').type('text/plain').send('Not found');
      return;
    }
    const { html, found, paintsWithoutScript, startingUp } = await render(req, indexHtml);
    const linked = appendToHead(html, preloadsOf(req.path, !paintsWithoutScript));
    if (startingUp) res.set('Retry-After', RETRY_AFTER_SECONDS);
    res
      .status(startingUp ? 503 : found ? 200 : 404)
      .set('Cache-Control', 'no-cache')
      .type('html')
      .send(paintsWithoutScript ? withScriptsAtLowPriority(linked) : linked);
  });
}
