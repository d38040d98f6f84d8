import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { createMailer, type Mailer } from './mail/index.ts';
import type { Payments } from './payments/stripe/payments.ts';
import { createPhotoService, type PhotoService } from './photos/index.ts';
import type { Pms } from './selling/pms/pms.ts';

/**
 * Every outside service the API talks to, each behind its port. Chosen once, here, from the configuration;
 * nothing else in the code knows which adapter is active.
 */
export interface Adapters {
  mailer: Mailer;
  photos: PhotoService;
  pms?: Pms;
  payments?: Payments;
}

export function createAdapters(config: Config, database: DatabaseHandle, logger: Logger, clock: Clock): Adapters {
  return {
    mailer: createMailer(config, database.db, logger),
    photos: createPhotoService(config, clock),
  };
}

/** What the start-up log says about the adapters (never a secret). */
export function describeAdapters(config: Config, adapters: Adapters) {
  return {
    mailer: adapters.mailer.kind,
    photos: adapters.photos.kind,
    pms: config.pms.mode,
    payments: config.payments.mode,
  };
}
