import { sql, type Kysely } from 'kysely';
import { isPaymentRecorded } from '../../contract/order-state.ts';
import type { Database } from '../db/schema.ts';
import type { LedgerAccount, LedgerKind } from '../db/ledger-accounts.ts';
import type { ProviderRecords } from './provider-records.ts';

export interface LedgerBalance {
  account: LedgerAccount;
  currency: string;
  amountCents: number;
}

export interface Reconciliation {
  balances: LedgerBalance[];
  ordersChecked: number;
  /** One sentence per difference found, naming the order or the transaction; empty when everything agrees. */
  differences: string[];
}

/** Per order, what the ledger holds: the total of each kind's money movement and each account's balance. */
interface OrderLedger {
  currency: Set<string>;
  kinds: Map<LedgerKind, number>;
  accounts: Map<LedgerAccount, number>;
}

/**
 * Reconciles the ledger with itself (each transaction and each currency sums to zero), with the orders (a
 * recorded payment is posted once at what the charge received; a refunded order owes its buyer nothing; a
 * transferred order is settled; nothing is posted for an order that was never paid) and, when given, with the
 * provider's own objects (the charge, its refunds, the order's transfers net of reversals).
 */
export async function reconcileLedger(db: Kysely<Database>, provider?: ProviderRecords): Promise<Reconciliation> {
  const differences: string[] = [];
  const unbalanced = await db
    .selectFrom('ledger_entries')
    .select(['transaction_id', sql<string>`sum(amount_cents)`.as('total')])
    .groupBy('transaction_id')
    .having(sql`sum(amount_cents)`, '<>', 0)
    .execute();
  for (const row of unbalanced)
    differences.push(`ledger transaction ${row.transaction_id} sums to ${row.total}, not 0`);

  const balances = (
    await db
      .selectFrom('ledger_entries')
      .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
      .select(['account', 'currency', sql<string>`sum(amount_cents)`.as('total')])
      .groupBy(['account', 'currency'])
      .orderBy('currency')
      .orderBy('account')
      .execute()
  ).map((row) => ({ account: row.account, currency: row.currency, amountCents: Number(row.total) }));
  const perCurrency = new Map<string, number>();
  for (const balance of balances)
    perCurrency.set(balance.currency, (perCurrency.get(balance.currency) ?? 0) + balance.amountCents);
  for (const [currency, total] of perCurrency)
    if (total !== 0) differences.push(`the ledger's ${currency} accounts sum to ${total}, not 0`);

  const ledgers = await ledgerByOrder(db);
  const payouts = new Map(
    (await db.selectFrom('payouts').select(['order_id', 'state', 'sale_cents', 'fee_cents', 'currency']).execute()).map(
      (payout) => [payout.order_id, payout],
    ),
  );
  const orders = await db
    .selectFrom('orders')
    .select([
      'id',
      'state',
      'amount_cents',
      'currency',
      'amount_received_cents',
      'received_currency',
      'payment_intent_id',
    ])
    .orderBy('created_at')
    .execute();
  for (const order of orders) {
    const ledger = ledgers.get(order.id);
    const say = (what: string) => differences.push(`order ${order.id} (${order.state}): ${what}`);
    if (!isPaymentRecorded(order.state)) {
      if (ledger) say('never paid, yet the ledger holds money for it');
      continue;
    }
    const paid = order.amount_received_cents ?? order.amount_cents;
    const currency = order.received_currency ?? order.currency;
    const posted = ledger?.kinds.get('payment');
    if (posted === undefined) {
      say(`its payment of ${paid} ${currency} is not in the ledger`);
      continue;
    }
    if (posted !== paid || ![...ledger!.currency].every((c) => c === currency.toUpperCase()))
      say(`the ledger holds a payment of ${posted} ${[...ledger!.currency].join('/')}, the order ${paid} ${currency}`);
    const owedToBuyer = -(ledger!.accounts.get('buyer_funds') ?? 0);
    if (order.state === 'refunded' && owedToBuyer !== 0)
      say(`refunded, yet the ledger still owes its buyer ${owedToBuyer}`);
    if (order.state === 'transferred' && ledger!.kinds.get('settlement') === undefined)
      say('the stay is the buyer’s, yet the sale is not settled in the ledger');
    comparePayout(order.state, payouts.get(order.id), ledger!, say);
    if (provider && order.payment_intent_id)
      await compareWithProvider(provider, order.id, order.payment_intent_id, ledger!, say);
  }
  return { balances, ordersChecked: orders.length, differences };
}

/** Payout states whose transfer is with the seller (a refused reversal leaves it there, as the seller's debt). */
const SENT = ['paid', 'reversal_failed'];

/**
 * The payouts table against the ledger's payout and reversal postings, and a refunded order's seller payable:
 * what the ledger paid out net of reversals is the payout's amount while it is with the seller, else nothing; a
 * refunded order's payout is cancelled or taken back (or recorded as the seller's debt), and the seller is owed
 * nothing for it (a debt: exactly what the seller kept).
 */
function comparePayout(
  orderState: string,
  payout: { state: string; sale_cents: number; fee_cents: number } | undefined,
  ledger: OrderLedger,
  say: (what: string) => void,
) {
  const paidOut = (ledger.kinds.get('payout') ?? 0) - (ledger.kinds.get('reversal') ?? 0);
  const expected = payout && SENT.includes(payout.state) ? payout.sale_cents - payout.fee_cents : 0;
  if (paidOut !== expected)
    say(`its payout is ${payout?.state ?? 'absent'}, yet the ledger paid the seller ${paidOut}, not ${expected}`);
  if (orderState !== 'refunded') return;
  if (payout && ['scheduled', 'waiting_account', 'paid'].includes(payout.state))
    say(`refunded, yet its payout is ${payout.state}, neither cancelled nor taken back`);
  const payable = ledger.accounts.get('seller_payable') ?? 0;
  if (payable !== paidOut) say(`refunded, yet the ledger's seller payable is ${payable}, not ${paidOut}`);
}

async function ledgerByOrder(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select(['order_id', 'kind', 'currency', 'account', 'amount_cents'])
    .execute();
  const byOrder = new Map<string, OrderLedger>();
  for (const row of rows) {
    const ledger = byOrder.get(row.order_id) ?? { currency: new Set(), kinds: new Map(), accounts: new Map() };
    byOrder.set(row.order_id, ledger);
    ledger.currency.add(row.currency);
    ledger.accounts.set(row.account, (ledger.accounts.get(row.account) ?? 0) + row.amount_cents);
    // A kind's size: what a payment, refund, payout or reversal moved through the provider balance, and what a
    // settlement (or its undoing) released from the buyer's funds.
    const settlementKind = row.kind === 'settlement' || row.kind === 'unsettlement';
    const measured = settlementKind ? 'buyer_funds' : 'provider_balance';
    const size = row.account === measured ? Math.abs(row.amount_cents) : 0;
    ledger.kinds.set(row.kind, (ledger.kinds.get(row.kind) ?? 0) + size);
  }
  return byOrder;
}

async function compareWithProvider(
  provider: ProviderRecords,
  orderId: string,
  paymentIntentId: string,
  ledger: OrderLedger,
  say: (what: string) => void,
) {
  const payment = await provider.retrievePayment(paymentIntentId);
  if (payment.amountReceivedCents !== ledger.kinds.get('payment'))
    say(`the provider received ${payment.amountReceivedCents}, the ledger ${ledger.kinds.get('payment')}`);
  const refunds = await provider.listRefunds(paymentIntentId);
  const refunded = refunds
    .filter((refund) => refund.status === 'succeeded')
    .reduce((sum, refund) => sum + refund.amountCents, 0);
  if (refunded !== (ledger.kinds.get('refund') ?? 0))
    say(`the provider refunded ${refunded}, the ledger ${ledger.kinds.get('refund') ?? 0}`);
  const transfers = await provider.listTransfers(orderId);
  const transferred = transfers.reduce((sum, transfer) => sum + transfer.amountCents - transfer.amountReversedCents, 0);
  const paidOut = (ledger.kinds.get('payout') ?? 0) - (ledger.kinds.get('reversal') ?? 0);
  if (transferred !== paidOut) say(`the provider holds ${transferred} paid out to the seller, the ledger ${paidOut}`);
}
