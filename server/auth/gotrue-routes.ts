import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { sha256 } from '../crypto/sha256.ts';
import type { Database } from '../db/schema.ts';
import { html } from '../http/html.ts';
import { sendHtmlPage } from '../http/html-page.ts';
import type { GoogleSignIn } from './google-oidc.ts';
import { API_VERSION, GoTrueError, goTrueErrorHandler } from './gotrue-errors.ts';
import { buildSession, toGoTrueUser } from './sessions.ts';
import type { SigningKey } from './signing-key.ts';
import * as store from './store.ts';
import { bearerToken, type TokenVerifier, type VerifiedUser } from './token-verifier.ts';

/** Draws the development sign-in form posting to `action`, with an error line when the last try failed. */
export type DevSignInPage = (action: string, error?: string) => string;

export interface GoTrueDependencies {
  db: Kysely<Database>;
  key: SigningKey;
  issuer: string;
  publicUrl: string;
  /** Origins sign-in may return to: the product's own, plus CORS_ORIGINS (e.g. Vite on :5173 in development). */
  allowedOrigins: string[];
  verify: TokenVerifier;
  /** Called after sessions are signed out here, so cached "still signed in" answers are dropped at once. */
  onSessionsRevoked: () => void;
  google: GoogleSignIn | undefined;
  /** Without Google: the development sign-in page (a stand-in, chosen by the app), drawn for a form's action. */
  devSignInPage: DevSignInPage | undefined;
  limits: { token: RequestHandler; signIn: RequestHandler };
  /** The one source of time for flows, codes, sessions and tokens. */
  clock: () => Date;
}

const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

const authorizeQuery = z.object({
  provider: z.literal('google', { error: 'Unsupported provider: only google is enabled' }),
  redirect_to: z.string().optional(),
  code_challenge: z.string().regex(CHALLENGE, 'code_challenge must be 43-128 URL-safe characters').optional(),
  code_challenge_method: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(['s256', 'plain']))
    .optional(),
});

const validation = (message: string) => new GoTrueError(400, 'validation_failed', message);

/**
 * The Supabase Auth (GoTrue) wire subset supabase-js uses, served by the API itself: /authorize, the pkce and
 * refresh_token grants, /user, /logout and the JWKS (docs/decisions/0004-built-in-auth-server.md).
 */
export function goTrueRouter(deps: GoTrueDependencies): Router {
  const { db, key, issuer, clock } = deps;
  if (!deps.google && !deps.devSignInPage) throw new Error('sign-in needs Google or the development sign-in page');
  const devSignInPage: DevSignInPage =
    deps.devSignInPage ??
    (() => {
      throw new Error('the development sign-in is not served beside Google');
    });
  const router = Router();
  router.use((_req, res, next) => {
    res.setHeader('X-Supabase-Api-Version', API_VERSION);
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  router.get('/authorize', async (req, res) => {
    const parsed = authorizeQuery.safeParse(req.query);
    if (!parsed.success) throw validation(parsed.error.issues[0]?.message ?? 'Invalid authorize request');
    const query = parsed.data;
    if (Boolean(query.code_challenge) !== Boolean(query.code_challenge_method)) {
      throw validation('PKCE flow requires code_challenge_method and code_challenge');
    }
    const redirectTo = ownOrigin(query.redirect_to ?? deps.publicUrl, deps.allowedOrigins);
    const flow: store.NewFlow = {
      redirectTo,
      codeChallenge: query.code_challenge ?? null,
      codeChallengeMethod: query.code_challenge_method ?? null,
    };
    if (deps.google) {
      const start = await deps.google.start();
      const flowId = await store.createFlow(
        db,
        { ...flow, oidcCodeVerifier: start.codeVerifier, oidcNonce: start.nonce },
        clock(),
      );
      return res.redirect(302, start.authorizationUrl(flowId));
    }
    const flowId = await store.createFlow(db, flow, clock());
    res.type('html').send(devSignInPage(`/auth/v1/authorize/dev?flow=${flowId}`));
  });

  if (deps.google) {
    const google = deps.google;
    router.get('/callback', deps.limits.signIn, async (req, res) => {
      const flowId =
        typeof req.query.state === 'string' && z.guid().safeParse(req.query.state).success
          ? req.query.state
          : undefined;
      const flow = flowId ? await store.takePendingFlow(db, flowId, clock()) : undefined;
      if (!flow) return signInExpired(res, 'Start signing in again.');
      try {
        const identity = await google.finish(new URL(req.originalUrl, deps.publicUrl), flow);
        await completeSignIn(res, flow, identity);
      } catch (error) {
        req.log.warn({ err: error }, 'Google sign-in refused');
        redirectWithError(res, flow.redirect_to, 'access_denied', 'Google sign-in failed');
      }
    });
  } else {
    router.post(
      '/authorize/dev',
      deps.limits.signIn,
      express.urlencoded({ extended: false, limit: '2kb' }),
      async (req, res) => {
        const flowId = z.guid().safeParse(req.query.flow);
        const email = z
          .email()
          .max(254)
          .safeParse(typeof req.body?.email === 'string' ? req.body.email.trim() : '');
        if (!email.success) {
          return res.status(400).type('html').send(devSignInPage(req.originalUrl, 'Enter a valid email address.'));
        }
        const flow = flowId.success ? await store.takePendingFlow(db, flowId.data, clock()) : undefined;
        if (!flow) return signInExpired(res, 'This sign-in page has expired. Start signing in again.');
        const address = email.data.toLowerCase();
        const subject = `dev-${sha256(address).slice(0, 21)}`;
        await completeSignIn(res, flow, {
          email: address,
          provider: 'google',
          subject,
          metadata: {
            iss: 'restay-development',
            sub: subject,
            provider_id: subject,
            email: address,
            email_verified: true,
          },
        });
      },
    );
  }

  /** PKCE: a one-time code in the query. Implicit: the session itself in the fragment. */
  async function completeSignIn(
    res: Response,
    flow: { id: string; redirect_to: string; code_challenge: string | null },
    identity: store.SignedInIdentity,
  ) {
    const now = clock();
    const user = await store.upsertUser(db, identity, now);
    const target = new URL(flow.redirect_to);
    if (flow.code_challenge) {
      target.searchParams.set('code', await store.issueCode(db, flow.id, user.id, now));
      return res.redirect(302, target.toString());
    }
    const { sessionId, refreshToken } = await store.createSession(db, user.id, now);
    const session = await buildSession(key, issuer, user, sessionId, refreshToken, now);
    const fragment = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
    });
    target.hash = fragment.toString();
    res.redirect(302, target.toString());
  }

  router.post('/token', deps.limits.token, async (req, res) => {
    const grant = req.query.grant_type;
    if (grant === 'pkce') return res.json(await exchangeCode(req));
    if (grant === 'refresh_token') return res.json(await refresh(req));
    throw validation('Unsupported grant_type');
  });

  async function exchangeCode(req: Request) {
    const body = z.object({ auth_code: z.string().min(1), code_verifier: z.string().min(1) }).safeParse(req.body);
    if (!body.success) throw validation('invalid request: both auth code and code verifier should be non-empty');
    const now = clock();
    const flow = await store.claimCode(db, body.data.auth_code, now);
    if (!flow?.user_id || !flow.code_issued_at)
      throw new GoTrueError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    if (now.getTime() - new Date(flow.code_issued_at).getTime() > store.FLOW_TTL_MS) {
      throw new GoTrueError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
    }
    const verifier = body.data.code_verifier;
    const expected = flow.code_challenge_method === 'plain' ? verifier : sha256(verifier, 'base64url');
    if (expected !== flow.code_challenge)
      throw new GoTrueError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
    const user = await store.findUser(db, flow.user_id);
    if (!user) throw new GoTrueError(404, 'user_not_found', 'User not found');
    const { sessionId, refreshToken } = await store.createSession(db, user.id, now);
    return buildSession(key, issuer, user, sessionId, refreshToken, now);
  }

  async function refresh(req: Request) {
    const body = z.object({ refresh_token: z.string().min(1) }).safeParse(req.body);
    if (!body.success) throw validation('refresh_token required');
    const now = clock();
    const result = await store.rotateRefreshToken(db, body.data.refresh_token, now);
    if (result.kind === 'reused') {
      deps.onSessionsRevoked();
      throw new GoTrueError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    if (result.kind === 'not_found')
      throw new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await store.findUser(db, result.userId);
    if (!user) throw new GoTrueError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    return buildSession(key, issuer, user, result.sessionId, result.refreshToken, now);
  }

  /** The caller of /user and /logout: a valid token whose session has not been signed out. */
  async function sessionUser(req: Request): Promise<VerifiedUser & { sessionId: string }> {
    const token = bearerToken(req.get('Authorization'));
    if (!token) throw new GoTrueError(401, 'no_authorization', 'This endpoint requires a Bearer token');
    let claims: VerifiedUser;
    try {
      claims = await deps.verify(token);
    } catch {
      throw new GoTrueError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature');
    }
    if (!claims.sessionId || !(await store.isSessionActive(db, claims.sessionId))) {
      throw new GoTrueError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
    }
    return { ...claims, sessionId: claims.sessionId };
  }

  router.get('/user', async (req, res) => {
    const caller = await sessionUser(req);
    const user = await store.findUser(db, caller.id);
    if (!user) throw new GoTrueError(404, 'user_not_found', 'User from sub claim in JWT does not exist');
    res.json(toGoTrueUser(user));
  });

  router.post('/logout', async (req, res) => {
    const scope = z.enum(['global', 'local', 'others']).safeParse(req.query.scope ?? 'global');
    if (!scope.success) throw validation('Unsupported logout scope');
    const caller = await sessionUser(req);
    await store.revokeSessions(db, caller.id, caller.sessionId, scope.data, clock());
    deps.onSessionsRevoked();
    res.status(204).end();
  });

  router.get('/.well-known/jwks.json', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=600').json({ keys: [key.publicJwk] });
  });

  router.use((req, _res, next) =>
    next(new GoTrueError(404, 'not_found', `Not supported by the built-in auth server: ${req.method} ${req.path}`)),
  );
  router.use(goTrueErrorHandler);
  return router;
}

/** Redirect targets must be on the product's own origin: anything else would hand a session to a stranger. */
function ownOrigin(target: string, allowedOrigins: string[]): string {
  const url = URL.canParse(target) ? new URL(target) : undefined;
  if (!url || !allowedOrigins.includes(url.origin)) throw validation('redirect_to must be on this site');
  return url.toString();
}

function redirectWithError(res: Response, redirectTo: string, code: string, description: string) {
  const target = new URL(redirectTo);
  target.searchParams.set('error', code);
  target.searchParams.set('error_description', description);
  res.redirect(302, target.toString());
}

/** A sign-in that took too long (or was already used) is told so on a page of its own, with a way back. */
function signInExpired(res: Response, message: string) {
  sendHtmlPage(res, 400, 'Sign-in expired', html`<p>${message}</p><p><a href="/">Back to Restay</a></p>`);
}
