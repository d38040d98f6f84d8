import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import Stripe from 'stripe';
import type { Database } from '../../db/schema.ts';

/** Wait after the 1st, 2nd, ... failed attempt; after the last one the event is given up. */
export const RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000, 3_600_000, 10_800_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** How long a claimed delivery stays reserved for its sender; a sender that died mid-way is retried after it. */
const CLAIM_LEASE_MS = 60_000;
const DELIVERY_TIMEOUT_MS = 10_000;
const BATCH = 20;

/** A webhook endpoint as Stripe knows it: where it posts, and the secret it signs with. */
interface Endpoint {
  url: () => string;
  secret: string;
}

export interface WebhookDeliveryOptions {
  db: Kysely<Database>;
  /** The endpoint of the platform's own events (checkout sessions, charges). */
  platform: Endpoint;
  /** The Connect endpoint: events of connected accounts (those carrying `account`), signed with its own secret. */
  connect: Endpoint;
  clock: Clock;
  logger: Logger;
}

/** A connected account's event names the account it happened on; the platform's own events do not. */
function endpointOf(options: WebhookDeliveryOptions, payload: string): Endpoint {
  const { account } = JSON.parse(payload) as { account?: unknown };
  return typeof account === 'string' ? options.connect : options.platform;
}

/**
 * Posts stored events to their webhook endpoint, signed as Stripe signs them. A delivery is claimed by pushing
 * its next attempt past a lease in one statement over rows locked FOR UPDATE SKIP LOCKED, so API instances
 * sharing the database never send one event twice at once, and no transaction stays open during the POST.
 */
export function webhookDelivery(options: WebhookDeliveryOptions) {
  const { db, clock } = options;

  async function claim(now: Date, eventId?: string) {
    let due = db
      .selectFrom('stripe_standin_events')
      .select('id')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(BATCH)
      .forUpdate()
      .skipLocked();
    if (eventId) due = due.where('id', '=', eventId);
    return db
      .updateTable('stripe_standin_events')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: new Date(now.getTime() + CLAIM_LEASE_MS) }))
      .where('id', 'in', due)
      .returning(['id', 'type', 'payload', 'attempts'])
      .execute();
  }

  async function send(event: { id: string; type: string; payload: string; attempts: number }): Promise<boolean> {
    let failure: string | undefined;
    const endpoint = endpointOf(options, event.payload);
    try {
      const response = await fetch(endpoint.url(), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          // Signed at the moment of sending with the wall clock, as the receiver checks the signature's age with it.
          'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({
            payload: event.payload,
            secret: endpoint.secret,
          }),
        },
        body: event.payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (!response.ok) failure = `HTTP ${response.status}`;
    } catch (error) {
      failure = (error as Error).message;
    }
    const now = clock();
    if (!failure) {
      await db
        .updateTable('stripe_standin_events')
        .set({ delivered_at: now, next_attempt_at: null, last_error: null })
        .where('id', '=', event.id)
        .execute();
      return true;
    }
    const delay = RETRY_DELAYS_MS[event.attempts - 1];
    await db
      .updateTable('stripe_standin_events')
      .set({
        last_error: failure.slice(0, 500),
        next_attempt_at: delay === undefined ? null : new Date(now.getTime() + delay),
      })
      .where('id', '=', event.id)
      .execute();
    options.logger.warn(
      { eventId: event.id, type: event.type, attempt: event.attempts, error: failure, givenUp: delay === undefined },
      'checkout stand-in: webhook delivery failed',
    );
    return false;
  }

  return {
    /** Sends every event whose attempt is due; returns how many were delivered. */
    async deliverDue(): Promise<number> {
      let delivered = 0;
      for (;;) {
        const claimed = await claim(clock());
        for (const event of claimed) if (await send(event)) delivered += 1;
        if (claimed.length < BATCH) return delivered;
      }
    },

    /** First attempt for one new event, right away; a failure leaves it to the retry schedule. */
    async deliverNow(eventId: string): Promise<void> {
      for (const event of await claim(clock(), eventId)) await send(event);
    },
  };
}
