import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { isSessionActive } from './store.ts';
import type { TokenVerifier } from './token-verifier.ts';

/**
 * How long an answer "this session is still signed in" is reused. A signed-out session keeps working on
 * another instance for at most this long; the instance that signed it out forgets its answers at once.
 */
export const SESSION_CHECK_CACHE_MS = 3_000;
/** Answers kept at most; beyond it the cache starts afresh (a flood of sessions cannot grow memory). */
const MAX_CACHED_SESSIONS = 10_000;

/** Whether the session a token names is still signed in (the token itself is passed for the auth server). */
export type SessionLookup = (sessionId: string, token: string) => Promise<boolean>;

export interface SessionCheck {
  isActive: SessionLookup;
  /** Drops every cached answer: called when this instance signs sessions out. */
  forget(): void;
}

/**
 * Caches the lookup's answers for SESSION_CHECK_CACHE_MS of process time (not domain time: it bounds a cache,
 * it decides nothing about the product).
 */
export function cachedSessionCheck(lookup: SessionLookup, now: () => number = () => performance.now()): SessionCheck {
  const answers = new Map<string, { active: boolean; at: number }>();
  return {
    async isActive(sessionId, token) {
      const cached = answers.get(sessionId);
      if (cached && now() - cached.at < SESSION_CHECK_CACHE_MS) return cached.active;
      const active = await lookup(sessionId, token);
      if (answers.size >= MAX_CACHED_SESSIONS) answers.clear();
      answers.set(sessionId, { active, at: now() });
      return active;
    },
    forget: () => answers.clear(),
  };
}

/** The built-in auth server's sessions live in our database. */
export const databaseSessionLookup =
  (db: Kysely<Database>): SessionLookup =>
  (sessionId) =>
    isSessionActive(db, sessionId);

/**
 * A Supabase project: an access token stays valid until it expires even after its session is signed out, so
 * the Auth server is asked, as Supabase advises for checks that matter: `GET /auth/v1/user` answers 403
 * `session_not_found` once the token's session is gone. Any other failure refuses too (fail closed).
 */
export function supabaseSessionLookup(supabaseUrl: string, anonKey: string): SessionLookup {
  return async (_sessionId, token) => {
    const response = await fetch(`${supabaseUrl}/auth/v1/user`, {
      headers: { apikey: anonKey, Authorization: `Bearer ${token}`, 'X-Supabase-Api-Version': '2024-01-01' },
      signal: AbortSignal.timeout(5_000),
    });
    await response.text();
    return response.ok;
  };
}

/**
 * A verifier that also requires the token's session (its `session_id` claim) to be signed in. A token without
 * the claim names no session to check (Supabase's own user tokens always carry it).
 */
export function requiringLiveSession(verify: TokenVerifier, sessions: SessionCheck): TokenVerifier {
  return async (token) => {
    const user = await verify(token);
    if (user.sessionId && !(await sessions.isActive(user.sessionId, token)))
      throw new Error('the session was signed out');
    return user;
  };
}
