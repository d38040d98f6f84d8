import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { PayoutPolicy } from '../orders/payout-policy.ts';
import type { Pms } from '../selling/pms/pms.ts';
import type { Payments } from './stripe/payments.ts';

/** What the buying use cases, routes and the payment job worker need; nothing else. */
export interface BuyingDeps {
  db: Kysely<Database>;
  clock: Clock;
  payments: Payments;
  pms: Pms;
  mailer: Mailer;
  /** The product's own origin: links in emails point at it. */
  publicUrl: string;
  /** Where the SPA may run: checkout's success and cancel pages must be on one of these origins. */
  appOrigins: string[];
  /** The platform's fee and when payouts are released. */
  payouts: PayoutPolicy;
  /** The currency sellers are paid out in (the provider balance's): a sale in another one is converted. */
  settlementCurrency: string;
  logger: Logger;
}

/** The buying dependencies from what the app is built with. */
export function buyingDeps(source: {
  database: { db: Kysely<Database> };
  clock: Clock;
  adapters: { payments: Payments; pms: Pms; mailer: Mailer };
  config: { publicUrl: string; appOrigins: string[]; payouts: PayoutPolicy; settlementCurrency: string };
  logger: Logger;
}): BuyingDeps {
  const { payments, pms, mailer } = source.adapters;
  return {
    db: source.database.db,
    clock: source.clock,
    payments,
    pms,
    mailer,
    publicUrl: source.config.publicUrl,
    appOrigins: source.config.appOrigins,
    payouts: source.config.payouts,
    settlementCurrency: source.config.settlementCurrency,
    logger: source.logger,
  };
}
