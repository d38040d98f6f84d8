import type { Request } from 'express';
import { ipKeyGenerator, rateLimit, type ClientRateLimitInfo, type Store } from 'express-rate-limit';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from './errors.ts';

/** Expired rows are swept on every this-many increments, so the table stays small without a timer. */
const SWEEP_EVERY = 200;

/**
 * An express-rate-limit store over our own database: counters live in PostgreSQL, so every API instance behind
 * a load balancer sees the same counts (no instance keeps state another one would need). Fixed windows, timed
 * by the database clock so instances with skewed clocks still agree
 * (docs/decisions/0003-rate-limit-counters-in-postgres.md).
 */
export class DatabaseRateLimitStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private increments = 0;

  constructor(
    private readonly db: Kysely<Database>,
    readonly prefix: string,
  ) {}

  init(options: { windowMs: number }): void {
    this.windowMs = options.windowMs;
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['hits', 'reset_at'])
      .where('key', '=', this.prefix + key)
      .where('reset_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return row ? { totalHits: row.hits, resetTime: new Date(row.reset_at) } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    if (++this.increments % SWEEP_EVERY === 0) {
      await this.db
        .deleteFrom('rate_limits')
        .where('reset_at', '<=', sql<Date>`now()`)
        .execute();
    }
    const resetAt = sql<Date>`now() + make_interval(secs => ${this.windowMs / 1000})`;
    // One statement, so two requests racing on two instances can never both see the same count.
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key: this.prefix + key, hits: 1, reset_at: resetAt })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END`,
          reset_at: sql<Date>`CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END`,
        }),
      )
      .returning(['hits', 'reset_at'])
      .executeTakeFirstOrThrow();
    return { totalHits: row.hits, resetTime: new Date(row.reset_at) };
  }

  async decrement(key: string): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set({ hits: sql<number>`greatest(hits - 1, 0)` })
      .where('key', '=', this.prefix + key)
      .execute();
  }

  async resetKey(key: string): Promise<void> {
    await this.db
      .deleteFrom('rate_limits')
      .where('key', '=', this.prefix + key)
      .execute();
  }
}

/**
 * The client's address as Express reports it: `req.ip` follows the app's `trust proxy` setting, so behind a
 * load balancer it is the X-Forwarded-For hop the app trusts, and without one the header is ignored (a client
 * cannot pick its own key). IPv6 addresses count per /56 subnet, since one client usually holds a whole one.
 */
export function clientAddress(req: Request): string {
  return ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown');
}

/** Counts per signed-in user; a limiter keyed by it runs after requireUser. */
export const byUser = (req: Request) => `user:${req.user?.id ?? ''}`;

/** What a limiter counts by: the client address, a user id, a reservation, an email, or a combination. */
export type RateLimitKey = (req: Request) => string;

export interface RateLimitOptions {
  /** Names the limiter's counters, e.g. "contact". */
  name: string;
  limit: number;
  windowMs: number;
  message: string;
  /**
   * The counter a request spends, by default its client address. A key that reads `req.user` must run after
   * requireUser, e.g. `(req) => \`${req.user!.id}|${clientAddress(req)}\``.
   */
  key?: RateLimitKey;
}

/** A limiter (per client address unless given a key) answering 429 RATE_LIMITED in the API's error shape. */
export function databaseRateLimit(db: Kysely<Database>, options: RateLimitOptions) {
  const key = options.key ?? clientAddress;
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => key(req),
    store: new DatabaseRateLimitStore(db, `${options.name}:`),
    handler: (_req, _res, next) => next(new AppError('RATE_LIMITED', options.message)),
  });
}
