import type { Insertable } from 'kysely';
import type { StripeStandinSessionRow, StripeStandinSessionsTable } from '../../db/schema.ts';
import { withinTransaction, type Executor } from '../../db/transaction.ts';
import { recordStandinEvent } from './events.ts';
import { chargeJson, checkoutSessionJson, newId } from './wire.ts';

/** Event payloads never carry a url: Stripe sends one only while a session is open. */
const sessionObject = (row: StripeStandinSessionRow) => checkoutSessionJson(row, undefined);

/**
 * Sessions and the events their changes emit. Every change is one guarded UPDATE (`WHERE status = 'open'`)
 * in the same transaction as its event, so however many requests or instances race, a session is paid or
 * expired once and its event is written once.
 */
export function standinStore(db: Executor) {
  const recordEvent = (trx: Executor, type: string, object: unknown, now: Date, requestId: string | null) =>
    recordStandinEvent(trx, { type, object, now, requestId });

  /** Expires the session if it is still open; returns the expired row and its event, or nothing when it was not open. */
  async function expire(id: string, now: Date, requestId: string | null) {
    return withinTransaction(db, async (trx) => {
      const row = await trx
        .updateTable('stripe_standin_sessions')
        .set({ status: 'expired', expired_at: now })
        .where('id', '=', id)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      return { row, eventId: await recordEvent(trx, 'checkout.session.expired', sessionObject(row), now, requestId) };
    });
  }

  /** The session as it stands at `now`: an open session whose time is up is expired first (and says so once). */
  async function find(id: string, now: Date): Promise<StripeStandinSessionRow | undefined> {
    const row = await db.selectFrom('stripe_standin_sessions').selectAll().where('id', '=', id).executeTakeFirst();
    if (row?.status !== 'open' || row.expires_at > now) return row;
    // Whoever expires it first writes the event; everyone else reads the row that one wrote.
    return (await expire(id, now, null))?.row ?? find(id, now);
  }

  return {
    async insertSession(values: Insertable<StripeStandinSessionsTable>) {
      return db.insertInto('stripe_standin_sessions').values(values).returningAll().executeTakeFirstOrThrow();
    },

    find,
    expire,

    /** Marks an open, unexpired session paid; returns nothing when it was already paid, expired or out of time. */
    async complete(id: string, now: Date) {
      return withinTransaction(db, async (trx) => {
        const row = await trx
          .updateTable('stripe_standin_sessions')
          .set({ status: 'complete', payment_status: 'paid', payment_intent: newId('pi_test_'), completed_at: now })
          .where('id', '=', id)
          .where('status', '=', 'open')
          .where('expires_at', '>', now)
          .returningAll()
          .executeTakeFirst();
        if (!row) return undefined;
        return { row, eventId: await recordEvent(trx, 'checkout.session.completed', sessionObject(row), now, null) };
      });
    },

    /** Stripe expires sessions on its own when their time is up, whether or not anyone looks at them. */
    async expireOverdue(now: Date, limit = 50): Promise<number> {
      const overdue = await db
        .selectFrom('stripe_standin_sessions')
        .select('id')
        .where('status', '=', 'open')
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      let expired = 0;
      for (const { id } of overdue) if (await expire(id, now, null)) expired += 1;
      return expired;
    },

    async findPaidByPaymentIntent(paymentIntent: string) {
      return db
        .selectFrom('stripe_standin_sessions')
        .selectAll()
        .where('payment_intent', '=', paymentIntent)
        .where('payment_status', '=', 'paid')
        .executeTakeFirst();
    },

    /** Paid sessions, newest first: the test dashboard's list of payments. */
    async listPaid(limit = 50) {
      return db
        .selectFrom('stripe_standin_sessions as s')
        .leftJoin('stripe_standin_refunds as r', 'r.payment_intent', 's.payment_intent')
        .selectAll('s')
        .select(['r.id as refund_id', 'r.created_at as refunded_at'])
        .where('s.payment_status', '=', 'paid')
        .orderBy('s.completed_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** How much of a payment has been refunded so far (none for a session never paid). */
    async amountRefunded(paymentIntent: string | null): Promise<number> {
      if (!paymentIntent) return 0;
      const refunds = await this.listRefunds(paymentIntent);
      return refunds.reduce((sum, refund) => sum + refund.amount, 0);
    },

    async listRefunds(paymentIntent: string) {
      return db
        .selectFrom('stripe_standin_refunds')
        .selectAll()
        .where('payment_intent', '=', paymentIntent)
        .orderBy('created_at', 'desc')
        .execute();
    },

    /**
     * Refunds a paid session's whole payment, with its `charge.refunded` event in the same transaction (Stripe
     * sends it for refunds made through the API and in the dashboard alike). Returns nothing when the payment
     * is unknown or already refunded.
     */
    async refund(values: {
      paymentIntent: string;
      reason: string | null;
      metadata: Record<string, string>;
      now: Date;
      requestId: string | null;
    }) {
      return withinTransaction(db, async (trx) => {
        const paid = await trx
          .selectFrom('stripe_standin_sessions')
          .selectAll()
          .where('payment_intent', '=', values.paymentIntent)
          .where('payment_status', '=', 'paid')
          .forUpdate()
          .executeTakeFirst();
        if (!paid?.payment_intent) return undefined;
        const refund = await trx
          .insertInto('stripe_standin_refunds')
          .values({
            id: newId('re_test_'),
            payment_intent: paid.payment_intent,
            amount: paid.amount_total,
            currency: paid.currency,
            reason: values.reason,
            metadata: JSON.stringify(values.metadata),
            created_at: values.now,
          })
          .onConflict((conflict) => conflict.column('payment_intent').doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!refund) return undefined;
        const charge = chargeJson({ ...paid, payment_intent: paid.payment_intent }, refund.amount);
        return { refund, eventId: await recordEvent(trx, 'charge.refunded', charge, values.now, values.requestId) };
      });
    },
  };
}

export type StandinStore = ReturnType<typeof standinStore>;
