import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Pms } from '../selling/pms/pms.ts';
import { configuredTokenCipher, type TokenCipher } from './token-cipher.ts';

/** What the hotels' use cases, routes and jobs need. */
export interface HotelDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  logger: Logger;
  /** Encrypts and decrypts hotels' access tokens (HOTEL_TOKEN_KEY, and HOTEL_TOKEN_KEY_PREVIOUS in a rotation). */
  cipher: TokenCipher;
  /** The product's own origin: the links in emails point at it. */
  publicUrl: string;
  /** Derives the token of each single-use link from its id, so the token itself is never stored (HOTEL_LINK_KEY). */
  linkSecret: string;
  /** The hotel's chain, read from its system with its new token; null when it has none or cannot be read. */
  readChainId(accessToken: string): Promise<string | null>;
}

/** The hotels' dependencies from what the app is built with. */
export function hotelDeps(source: {
  database: { db: Kysely<Database> };
  clock: Clock;
  adapters: { mailer: Mailer; pms: Pms };
  config: { publicUrl: string; hotelTokenKey: string; hotelTokenKeyPrevious?: string; hotelLinkKey: string };
  logger: Logger;
}): HotelDeps {
  const { pms, mailer } = source.adapters;
  return {
    db: source.database.db,
    clock: source.clock,
    mailer,
    logger: source.logger,
    cipher: configuredTokenCipher(source.config),
    publicUrl: source.config.publicUrl,
    linkSecret: source.config.hotelLinkKey,
    readChainId: async (accessToken) => {
      if (!pms.enterpriseOf) return null;
      return pms
        .enterpriseOf(accessToken)
        .then((enterprise) => enterprise.chainId)
        .catch(() => null);
    },
  };
}
