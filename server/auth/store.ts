import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ensureProfile } from '../accounts/ensure-profile.ts';
import { sha256 } from '../crypto/sha256.ts';
import type { AuthUserRow, Database } from '../db/schema.ts';

/** How long an authorization flow (and its code) stays usable: GoTrue's flow-state lifetime. */
export const FLOW_TTL_MS = 5 * 60_000;

// Every time written or compared here is the `now` the caller read from the injected clock, never the
// database's now(): a test with a fixed clock then sees expiry exactly as production does.

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

export interface SignedInIdentity {
  email: string;
  provider: 'google';
  subject: string;
  metadata: Record<string, unknown>;
}

/**
 * Finds the person by provider identity (or, for a first sign-in, creates them), stamps the sign-in and makes
 * sure their profile row exists, in one transaction: no signed-in user is ever without a profile.
 */
export async function upsertUser(db: Kysely<Database>, identity: SignedInIdentity, now: Date): Promise<AuthUserRow> {
  return db.transaction().execute(async (trx) => {
    const user = await upsertAuthUser(trx, identity, now);
    await ensureProfile(trx, { id: user.id, email: user.email });
    return user;
  });
}

function upsertAuthUser(db: Kysely<Database>, identity: SignedInIdentity, now: Date): Promise<AuthUserRow> {
  return db
    .insertInto('auth_users')
    .values({
      email: identity.email.toLowerCase(),
      provider: identity.provider,
      provider_subject: identity.subject,
      user_metadata: JSON.stringify(identity.metadata),
      created_at: now,
      updated_at: now,
      last_sign_in_at: now,
    })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({
        last_sign_in_at: now,
        updated_at: now,
        user_metadata: JSON.stringify(identity.metadata),
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findUser(db: Kysely<Database>, id: string) {
  return db.selectFrom('auth_users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Opens a session and returns its first refresh token (plain; only its hash is stored). */
export async function createSession(db: Kysely<Database>, userId: string, now: Date) {
  const session = await db
    .insertInto('auth_sessions')
    .values({ user_id: userId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const refreshToken = await addRefreshToken(db, session.id, now);
  return { sessionId: session.id, refreshToken };
}

async function addRefreshToken(db: Kysely<Database>, sessionId: string, now: Date) {
  const token = randomToken();
  await db
    .insertInto('auth_refresh_tokens')
    .values({ token_hash: sha256(token), session_id: sessionId, created_at: now })
    .execute();
  return token;
}

export type RotationResult =
  | { kind: 'rotated'; sessionId: string; userId: string; refreshToken: string }
  | { kind: 'not_found' }
  | { kind: 'reused' };

/**
 * GoTrue's refresh-token reuse interval (its default, 10 s): a token rotated this recently may be presented
 * again, because two tabs of one browser refresh at the same moment with the token they share.
 */
export const REFRESH_TOKEN_REUSE_INTERVAL_MS = 10_000;

/**
 * Exchanges a refresh token for a new one. A token rotated within the reuse interval is exchanged again (the
 * second tab gets a token of its own in the same session, as GoTrue hands it the session's current one; we keep
 * only hashes, so it cannot be handed back). A token rotated before that means two parties hold it, one of them
 * a thief: the whole session is revoked, as GoTrue does.
 */
export async function rotateRefreshToken(db: Kysely<Database>, token: string, now: Date): Promise<RotationResult> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('auth_refresh_tokens')
      .innerJoin('auth_sessions', 'auth_sessions.id', 'auth_refresh_tokens.session_id')
      .select([
        'auth_refresh_tokens.session_id',
        'auth_refresh_tokens.rotated_at',
        'auth_sessions.user_id',
        'auth_sessions.revoked_at',
      ])
      .where('auth_refresh_tokens.token_hash', '=', sha256(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.revoked_at) return { kind: 'not_found' } as const;
    // FOR UPDATE above made a concurrent refresh with this token wait for ours: it sees rotated_at set.
    if (row.rotated_at && now.getTime() - new Date(row.rotated_at).getTime() <= REFRESH_TOKEN_REUSE_INTERVAL_MS) {
      const refreshToken = await addRefreshToken(trx, row.session_id, now);
      return { kind: 'rotated', sessionId: row.session_id, userId: row.user_id, refreshToken } as const;
    }
    // Guarded by rotated_at IS NULL so two concurrent refreshes with one token cannot both succeed.
    const claimed = await trx
      .updateTable('auth_refresh_tokens')
      .set({ rotated_at: now })
      .where('token_hash', '=', sha256(token))
      .where('rotated_at', 'is', null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) {
      await trx.updateTable('auth_sessions').set({ revoked_at: now }).where('id', '=', row.session_id).execute();
      return { kind: 'reused' } as const;
    }
    const refreshToken = await addRefreshToken(trx, row.session_id, now);
    return { kind: 'rotated', sessionId: row.session_id, userId: row.user_id, refreshToken } as const;
  });
}

export async function isSessionActive(db: Kysely<Database>, sessionId: string): Promise<boolean> {
  const row = await db.selectFrom('auth_sessions').select('revoked_at').where('id', '=', sessionId).executeTakeFirst();
  return Boolean(row && !row.revoked_at);
}

/** Revokes sessions of a user: `global` all, `local` this one, `others` all but this one. */
export async function revokeSessions(
  db: Kysely<Database>,
  userId: string,
  sessionId: string,
  scope: 'global' | 'local' | 'others',
  now: Date,
): Promise<void> {
  let query = db
    .updateTable('auth_sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (scope === 'local') query = query.where('id', '=', sessionId);
  if (scope === 'others') query = query.where('id', '!=', sessionId);
  await query.execute();
}

export interface NewFlow {
  redirectTo: string;
  codeChallenge: string | null;
  codeChallengeMethod: 's256' | 'plain' | null;
  oidcCodeVerifier?: string;
  oidcNonce?: string;
}

export async function createFlow(db: Kysely<Database>, flow: NewFlow, now: Date): Promise<string> {
  const row = await db
    .insertInto('auth_flows')
    .values({
      redirect_to: flow.redirectTo,
      code_challenge: flow.codeChallenge,
      code_challenge_method: flow.codeChallengeMethod,
      oidc_code_verifier: flow.oidcCodeVerifier ?? null,
      oidc_nonce: flow.oidcNonce ?? null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A flow that is still pending (no person yet) and younger than FLOW_TTL_MS; consumed on read. */
export async function takePendingFlow(db: Kysely<Database>, id: string, now: Date) {
  return db
    .updateTable('auth_flows')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .where('used_at', 'is', null)
    .where('created_at', '>', new Date(now.getTime() - FLOW_TTL_MS))
    .returningAll()
    .executeTakeFirst();
}

/** Attaches the signed-in person to a PKCE flow and returns the one-time code for the browser. */
export async function issueCode(db: Kysely<Database>, flowId: string, userId: string, now: Date): Promise<string> {
  const code = randomToken();
  await db
    .updateTable('auth_flows')
    .set({ user_id: userId, auth_code_hash: sha256(code), code_issued_at: now, used_at: null })
    .where('id', '=', flowId)
    .execute();
  return code;
}

/** Claims a code exactly once; whatever the outcome of the verifier check, the code is spent. */
export async function claimCode(db: Kysely<Database>, code: string, now: Date) {
  return db
    .updateTable('auth_flows')
    .set({ used_at: now })
    .where('auth_code_hash', '=', sha256(code))
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
