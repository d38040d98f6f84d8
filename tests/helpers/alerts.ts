import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { pino } from 'pino';
import type { AlertFrequency, SavedQuery } from '../../contract/alerts.ts';
import type { AlertDeps } from '../../server/alerts/deps.ts';
import { registerAlertJobs } from '../../server/alerts/jobs.ts';
import { saveSearch } from '../../server/alerts/save-search.ts';
import { JobRegistry } from '../../server/jobs/registry.ts';
import { runDueJobs } from '../../server/jobs/worker.ts';
import type { Database } from '../../server/db/schema.ts';
import { createDevMailbox } from '../../server/standins/mailbox/dev-mailbox.ts';

/** The unsubscribe key of alert tests that run without a server (a server's own is in its config). */
export const TEST_ALERTS_SECRET = 'restay-alert-tests-unsubscribe-key-0123456789';

/** The alert dependencies over a test database: mail goes to the dev mailbox (mail_outbox). */
export function testAlertDeps(
  db: Kysely<Database>,
  clock: () => Date,
  publicUrl = 'http://restay.test',
  secret = TEST_ALERTS_SECRET,
): AlertDeps {
  const logger = pino({ level: 'silent' });
  return {
    db,
    clock,
    mailer: createDevMailbox({ db, logger, from: 'no-reply@restay.test' }),
    publicUrl,
    secret,
    logger,
  };
}

/** A new person who saves one search; returns their id and the search's id. */
export async function personWithSearch(
  deps: Pick<AlertDeps, 'db' | 'clock'>,
  query: SavedQuery,
  options: { frequency?: AlertFrequency; userId?: string; digestHour?: number; timeZone?: string } = {},
) {
  const userId = options.userId ?? randomUUID();
  const saved = await saveSearch(
    deps,
    { id: userId, email: `${userId.slice(0, 8)}@example.com` },
    {
      name: `Search ${JSON.stringify(query)}`.slice(0, 60),
      query,
      frequency: options.frequency ?? 'instant',
      digestHour: options.digestHour,
      timeZone: options.timeZone,
    },
  );
  return { userId, searchId: saved.id };
}

/** Who has been told about the listing, for which reason and how. */
export function noticesOf(db: Kysely<Database>, listingId: string) {
  return db
    .selectFrom('alert_notices')
    .select(['user_id', 'reason', 'channel', 'saved_search_id'])
    .where('listing_id', '=', listingId)
    .execute();
}

/** Runs every due alert job (matching, instant emails, digests) as the worker would, at the deps' clock. */
export function runAlertJobs(deps: AlertDeps): Promise<number> {
  return runDueJobs({
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger,
    registry: registerAlertJobs(new JobRegistry(), deps),
  });
}
