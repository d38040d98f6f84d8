import { parseArgs } from 'node:util';
import { PARKED_REASON } from '../orders/parked-cancellation.ts';
import { z } from 'zod';
import { formatCents } from '../../contract/money-format.ts';
import { OPERATOR_REFUND_REASONS, type OperatorRefundReason } from '../../contract/order-state.ts';
import { AppError } from '../http/errors.ts';
import type { BuyingDeps } from './deps.ts';
import { refundOrderByOperator } from './operator-refund.ts';

export const ORDERS_USAGE = `usage: npm run orders -- refund <orderId> --reason <${OPERATOR_REFUND_REASONS.join('|')}> [--note "<text>"] | npm run orders -- unknown | npm run orders -- parked | npm run orders -- losses`;

/** A refusal the operator reads as one line: what was wrong with the command or the order. */
export class OrdersCommandError extends Error {}

/**
 * `npm run orders -- refund <orderId> --reason <reason> [--note <text>]`: refunds a paid or transferred order in
 * full (e.g. the hotel cancelled the reservation after the sale). `npm run orders -- unknown`: the orders whose
 * transfer's outcome the hotel never told (see listUnknownTransfers). Answers the lines to print; throws
 * OrdersCommandError for bad input or an order in a state that cannot be refunded, having changed nothing.
 */
export async function runOrdersCommand(
  argv: readonly string[],
  deps: Pick<BuyingDeps, 'db' | 'clock'>,
): Promise<string[]> {
  if (argv.length === 1 && argv[0] === 'unknown') return listUnknownTransfers(deps);
  if (argv.length === 1 && argv[0] === 'parked') return listParkedCancellations(deps);
  if (argv.length === 1 && argv[0] === 'losses') return listPlatformLosses(deps);
  const { orderId, reason, note } = parseRefund(argv);
  const exists = await deps.db.selectFrom('orders').select('id').where('id', '=', orderId).executeTakeFirst();
  if (!exists) throw new OrdersCommandError(`No order ${orderId}.`);
  try {
    const done = await refundOrderByOperator(deps, { orderId, reason, ...(note ? { note } : {}) });
    return [
      `Order ${orderId}: ${done.from} -> refund_pending (reason ${reason}${note ? `, note "${note}"` : ''}).`,
      ...(done.listingWithdrawn
        ? ['The listing is withdrawn and the seller will be told; the reservation stays theirs.']
        : []),
      'The refund job is queued: a running server refunds the payment and emails the buyer once the provider confirms.',
    ];
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') throw new OrdersCommandError(error.message);
    throw error;
  }
}

/** The refund command, read by node:util's parseArgs; an unknown, valueless or repeated option is a usage error. */
function parseRefund(argv: readonly string[]): { orderId: string; reason: OperatorRefundReason; note?: string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { reason: { type: 'string', multiple: true }, note: { type: 'string', multiple: true } },
      allowPositionals: true,
      strict: true,
    });
  } catch {
    throw new OrdersCommandError(ORDERS_USAGE);
  }
  const [command, orderId, ...extra] = parsed.positionals;
  const { reason: reasons = [], note: notes = [] } = parsed.values;
  if (command !== 'refund' || !orderId || extra.length || reasons.length > 1 || notes.length > 1)
    throw new OrdersCommandError(ORDERS_USAGE);
  if (!z.uuid().safeParse(orderId).success)
    throw new OrdersCommandError(`Not an order id: ${orderId}. ${ORDERS_USAGE}`);
  const [reason] = reasons;
  if (!reason) throw new OrdersCommandError(`A reason is required. ${ORDERS_USAGE}`);
  if (!(OPERATOR_REFUND_REASONS as readonly string[]).includes(reason)) {
    throw new OrdersCommandError(`Unknown reason "${reason}": use one of ${OPERATOR_REFUND_REASONS.join(', ')}.`);
  }
  const note = notes[0]?.trim();
  return { orderId, reason: reason as OperatorRefundReason, ...(note ? { note } : {}) };
}

/** An order as the operator's lists show it: its check-in, the hotel's confirmation number, seller and buyer. */
function operatorOrders(deps: Pick<BuyingDeps, 'db'>) {
  return deps.db
    .selectFrom('orders')
    .innerJoin('listings', 'listings.id', 'orders.listing_id')
    .innerJoin('reservations', 'reservations.id', 'orders.reservation_id')
    .innerJoin('profiles as seller', 'seller.id', 'orders.seller_id')
    .innerJoin('profiles as buyer', 'buyer.id', 'orders.buyer_id')
    .select([
      'orders.id',
      'listings.start_utc',
      'reservations.confirmation_number',
      'seller.email as seller_email',
      (eb) => eb.fn.coalesce('orders.buyer_email', 'buyer.email').as('buyer_email'),
    ]);
}

type OperatorOrder = Awaited<ReturnType<ReturnType<typeof operatorOrders>['execute']>>[number];

/** One tab-separated line: the order, its check-in, `since` (when it came to need an operator), who is involved. */
const operatorLine = (row: OperatorOrder, since: string) =>
  `${row.id}\tcheck-in ${row.start_utc.toISOString()}\t${since}\t` +
  `confirmation ${row.confirmation_number}\tseller ${row.seller_email ?? '?'}\tbuyer ${row.buyer_email ?? '?'}`;

/**
 * Every `transfer_unknown` order, oldest first: order, check-in, since when, the seller's and the buyer's emails
 * and the hotel's confirmation number. The confirming job keeps reading the hotel; an operator who learns the
 * answer first (by calling the hotel) acts as README.md says.
 */
async function listUnknownTransfers(deps: Pick<BuyingDeps, 'db'>): Promise<string[]> {
  const rows = await operatorOrders(deps)
    .select('orders.updated_at')
    .where('orders.state', '=', 'transfer_unknown')
    .orderBy('orders.updated_at')
    .execute();
  if (!rows.length) return ['No order waits on an unknown transfer.'];
  return rows.map((row) => operatorLine(row, `unknown since ${row.updated_at.toISOString()}`));
}

/**
 * Every `transferred` order whose stay was cancelled at the hotel before check-in for a reason that is not the
 * hotel's (parkCancelledStay), oldest first, with the hotel's reason: the buyer may have cancelled it themselves,
 * so nothing was refunded. An operator asks the hotel and refunds (`refund <orderId> --reason
 * cancelled_by_hotel`) if it did cancel.
 */
async function listParkedCancellations(deps: Pick<BuyingDeps, 'db'>): Promise<string[]> {
  const rows = await operatorOrders(deps)
    .innerJoin('order_events as parked', 'parked.order_id', 'orders.id')
    .select(['parked.at', 'parked.reason'])
    .where('orders.state', '=', 'transferred')
    .where('parked.reason', 'like', `${PARKED_REASON}%`)
    .orderBy('parked.at')
    .execute();
  if (!rows.length) return ['No cancelled stay waits for an operator.'];
  return rows.map(
    (row) => `${operatorLine(row, `parked ${row.at.toISOString()}`)}\t${row.reason.slice(PARKED_REASON.length).trim()}`,
  );
}

/**
 * Every refunded stay the buyer kept (the hotel would not name the seller again, ADR 0075), oldest first, with
 * the refund the platform bore (its `platform_loss` posting) and its currency. Nothing is left to do: the list is
 * the record of what these refunds cost.
 */
async function listPlatformLosses(deps: Pick<BuyingDeps, 'db'>): Promise<string[]> {
  const rows = await operatorOrders(deps)
    .innerJoin('ledger_transactions as loss', (join) =>
      join.onRef('loss.order_id', '=', 'orders.id').on('loss.kind', '=', 'platform_loss'),
    )
    .innerJoin('ledger_entries as lost', (join) =>
      join.onRef('lost.transaction_id', '=', 'loss.id').on('lost.account', '=', 'platform_losses'),
    )
    .select(['orders.reverse_handover_at', 'lost.amount_cents', 'lost.currency'])
    .where('orders.reverse_handover', '=', 'kept_by_buyer')
    .orderBy('orders.reverse_handover_at')
    .execute();
  if (!rows.length) return ['No refund has been the platform’s loss.'];
  return rows.map(
    (row) =>
      `${operatorLine(row, `kept by the buyer ${row.reverse_handover_at?.toISOString() ?? '?'}`)}	` +
      `platform loss ${formatCents(row.amount_cents, row.currency)}`,
  );
}
