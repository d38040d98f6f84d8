import { handleChargeRefunded } from './charge-refunded.ts';
import type { BuyingDeps } from './deps.ts';
import { findOrderForSession, fulfilCheckout } from './fulfil-checkout.ts';
import { releaseHoldWithNoOpenSession } from './release-hold.ts';
import type { PaymentEvent } from './stripe/payments.ts';

export type EventOutcome = 'handled' | 'duplicate' | 'ignored';

/**
 * A port for provider events a higher layer acts on (the payouts take `account.updated`): registered by whoever
 * wires the webhook, answering null for an event it does not take.
 */
export type ProviderEventHandler = (event: PaymentEvent) => Promise<Exclude<EventOutcome, 'duplicate'> | null>;

/**
 * One verified provider event. Its id is recorded first: an event already processed changes nothing; one
 * received but not finished (a crash, or a concurrent delivery still running) is processed again, which is
 * safe because every action below is idempotent and guarded by the order's state. Order of delivery does not
 * matter: a release only applies to an order still open, and a payment for an order that no longer holds its
 * stay is refunded.
 */
export async function handlePaymentEvent(
  deps: BuyingDeps,
  event: PaymentEvent,
  handlers: readonly ProviderEventHandler[] = [],
): Promise<EventOutcome> {
  const receivedAt = deps.clock();
  await deps.db
    .insertInto('payment_events')
    .values({ event_id: event.id, type: event.type, session_id: event.session?.id ?? null, received_at: receivedAt })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
  const recorded = await deps.db
    .selectFrom('payment_events')
    .select('processed_at')
    .where('event_id', '=', event.id)
    .executeTakeFirstOrThrow();
  if (recorded.processed_at) return 'duplicate';
  const outcome = await act(deps, event, handlers);
  await deps.db
    .updateTable('payment_events')
    .set({ processed_at: deps.clock() })
    .where('event_id', '=', event.id)
    .where('processed_at', 'is', null)
    .execute();
  return outcome;
}

async function act(
  deps: BuyingDeps,
  event: PaymentEvent,
  handlers: readonly ProviderEventHandler[],
): Promise<EventOutcome> {
  for (const handler of handlers) {
    const outcome = await handler(event);
    if (outcome) return outcome;
  }
  if (event.type === 'charge.refunded' && event.charge) {
    return (await handleChargeRefunded(deps, event.charge)) ? 'handled' : 'ignored';
  }
  const session = event.session;
  if (!session) return 'ignored';
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      // `completed` with `unpaid` is a delayed payment method still pending: its own event follows. The event is
      // created as the payment completes: when its session does not say when it was paid, the event does.
      return (await fulfilCheckout(deps, { ...session, paidAt: session.paidAt ?? event.created }, event.type))
        ? 'handled'
        : 'ignored';
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed': {
      const order = await findOrderForSession(deps.db, session);
      if (!order) return 'ignored';
      const to = event.type === 'checkout.session.expired' ? 'expired' : 'cancelled';
      await releaseHoldWithNoOpenSession(deps, order.id, to, event.type);
      return 'handled';
    }
    default:
      return 'ignored';
  }
}
