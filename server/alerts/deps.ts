import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';

/** What the alert use cases, routes and worker need. */
export interface AlertDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  /** Links in alert emails point at the product's own origin. */
  publicUrl: string;
  /** Signs the unsubscribe links (ALERTS_SECRET). */
  secret: string;
  logger: Logger;
}

export function alertDeps(source: {
  database: { db: Kysely<Database> };
  clock: Clock;
  adapters: { mailer: Mailer };
  config: { publicUrl: string; alertsSecret: string };
  logger: Logger;
}): AlertDeps {
  return {
    db: source.database.db,
    clock: source.clock,
    mailer: source.adapters.mailer,
    publicUrl: source.config.publicUrl,
    secret: source.config.alertsSecret,
    logger: source.logger,
  };
}
