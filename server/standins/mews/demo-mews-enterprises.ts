import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Enterprise } from './demo-mews-replies.ts';

/**
 * How long the demo PMS trusts an access token it has looked up. Every Connector call authenticates, and a
 * handover or a directory sync makes dozens in a second: reading the token's enterprise each time was about
 * four in ten of the demo PMS's queries. Enterprise rows are never changed, only added or (on a reseed)
 * removed, so the one thing a remembered token can get wrong is a removed enterprise: it is refused again
 * this long after.
 */
export const REMEMBER_ACCESS_TOKEN_MS = 5_000;

/**
 * The enterprise an access token belongs to, or undefined for a token no enterprise has. A known token is
 * remembered for `rememberMs` of `now` (a monotonic clock, not the demo's business clock, which tests fix);
 * an unknown one never is, so an enterprise added a moment ago is found at once.
 */
export function enterpriseByAccessToken(
  db: Kysely<Database>,
  { rememberMs = REMEMBER_ACCESS_TOKEN_MS, now = () => performance.now() } = {},
) {
  const remembered = new Map<string, { enterprise: Enterprise; until: number }>();
  return async (accessToken: string): Promise<Enterprise | undefined> => {
    const known = remembered.get(accessToken);
    if (known && known.until > now()) return known.enterprise;
    remembered.delete(accessToken);
    const enterprise = await db
      .selectFrom('demo_pms_enterprises')
      .selectAll()
      .where('access_token', '=', accessToken)
      .executeTakeFirst();
    if (enterprise) remembered.set(accessToken, { enterprise, until: now() + rememberMs });
    return enterprise;
  };
}
