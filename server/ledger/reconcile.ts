import { sql, type Kysely } from 'kysely';
import { isPaymentRecorded } from '../../contract/order-state.ts';
import { sellerShareCents } from '../../contract/payouts.ts';
import type { Database } from '../db/schema.ts';
import type { LedgerAccount, LedgerKind } from '../db/ledger-accounts.ts';
import { checkPayoutProgress } from './payout-checks.ts';
import { checkHotelFees, type HotelFeeSummary } from './hotel-fee-checks.ts';
import type { ProviderRecords } from './provider-records.ts';

export interface LedgerBalance {
  account: LedgerAccount;
  currency: string;
  amountCents: number;
}

/**
 * What an order's conversions left in `exchange` once everything it took in the sale's currency went back out of
 * it (a refund converted at another rate than its charge): the platform's exchange loss (positive) or gain
 * (negative), in the settlement currency. Not a difference: the provider did book it so.
 */
export interface ExchangeRemainder {
  orderId: string;
  currency: string;
  amountCents: number;
}

export interface Reconciliation {
  balances: LedgerBalance[];
  ordersChecked: number;
  exchangeRemainders: ExchangeRemainder[];
  /** One sentence per difference found, naming the order or the transaction; empty when everything agrees. */
  differences: string[];
  /** Each hotel's name-change fees per currency: charged, paid out, reversed, refunded, settled debts, still owed. */
  hotelFees: HotelFeeSummary[];
}

/**
 * Per order, what the ledger holds: the total of each kind's money movement (in the sale's currency, or for the
 * provider's fee in the settlement currency), each account's balance in the sale's currency, and the provider
 * side per currency: the order's share of the platform's balance, and what payouts net of reversals took from it.
 */
interface OrderLedger {
  currency: Set<string>;
  kinds: Map<LedgerKind, number>;
  accounts: Map<LedgerAccount, number>;
  providerBalance: Map<string, number>;
  paidOutByProvider: Map<string, number>;
  /** The seller's payable for the order per currency (a debt moves to the transfer's currency: ADR 0046). */
  sellerPayable: Map<string, number>;
  /** The order's `exchange` balance per currency. */
  exchange: Map<string, number>;
}

/**
 * Reconciles the ledger with itself (each transaction and each currency sums to zero), with the orders (a
 * recorded payment is posted once at what the charge received; a refunded order owes its buyer nothing; a
 * transferred order is settled; nothing is posted for an order that was never paid) and, when given, with the
 * provider's own objects (the charge and its balance transaction: the settled amount and the provider's fee; its
 * refunds; the order's transfers net of reversals; what the platform's balance still holds for the order), and
 * each transferred order's payout with the time `now` (checkPayoutProgress).
 */
export async function reconcileLedger(
  db: Kysely<Database>,
  provider?: ProviderRecords,
  now = new Date(),
): Promise<Reconciliation> {
  const differences: string[] = [];
  const unbalanced = await db
    .selectFrom('ledger_entries')
    .select(['transaction_id', 'currency', sql<string>`sum(amount_cents)`.as('total')])
    .groupBy(['transaction_id', 'currency'])
    .having(sql`sum(amount_cents)`, '<>', 0)
    .execute();
  for (const row of unbalanced)
    differences.push(`ledger transaction ${row.transaction_id} sums to ${row.total} ${row.currency}, not 0`);

  const balances = (
    await db
      .selectFrom('ledger_entries')
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
    (
      await db
        .selectFrom('payouts')
        .select([
          'order_id',
          'state',
          'sale_cents',
          'fee_cents',
          'refunded_cents',
          'currency',
          'payout_currency',
          'payout_cents',
          'debt_settled',
          'release_at',
        ])
        .execute()
    ).map((payout) => [payout.order_id, payout]),
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
      'reverse_handover',
    ])
    .orderBy('created_at')
    .execute();
  const exchangeRemainders: ExchangeRemainder[] = [];
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
    const state = moneyStateOf(order);
    if (state === 'refunded' && owedToBuyer !== 0) say(`refunded, yet the ledger still owes its buyer ${owedToBuyer}`);
    if (state === 'transferred' && ledger!.kinds.get('settlement') === undefined)
      say('the stay is the buyer’s, yet the sale is not settled in the ledger');
    comparePayout(state, payouts.get(order.id), ledger!, say);
    // Only a refund of a stay the buyer kept is the platform's loss, and all of that refund is.
    const lost = ledger!.accounts.get('platform_losses') ?? 0;
    const expectedLoss = order.reverse_handover === 'kept_by_buyer' ? (ledger!.kinds.get('refund') ?? 0) : 0;
    if (lost !== expectedLoss) say(`the ledger records a platform loss of ${lost}, not ${expectedLoss}`);
    const buyerFunds = { state, buyerFundsCents: -owedToBuyer, currency: order.currency };
    checkPayoutProgress(buyerFunds, payouts.get(order.id), now, say);
    exchangeRemainders.push(...exchangeRemainderOf(order.id, order.currency, ledger!));
    if (provider && order.payment_intent_id)
      await compareWithProvider(provider, order.id, order.payment_intent_id, ledger!, say);
  }
  const hotelFees = await checkHotelFees(db, provider, (orderId, state, what) =>
    differences.push(`order ${orderId} (${state}): ${what}`),
  );
  return { balances, ordersChecked: orders.length, exchangeRemainders, differences, hotelFees };
}

/**
 * The state an order's money is checked as (ADR 0075): a refunded stay the buyer kept is a sale that stands (the
 * refund is the platform's loss, the seller is paid); one whose reverse handover is pending is neither yet, and
 * only the checks every order meets apply to it until the hotel answers.
 */
function moneyStateOf(order: { state: string; reverse_handover: string | null }): string {
  if (order.reverse_handover === 'kept_by_buyer') return 'transferred';
  if (order.reverse_handover === 'pending') return 'refunded, the stay with the buyer until the hotel answers';
  return order.state;
}

/**
 * An order's remainder in `exchange`: its balances in other currencies than the sale's, once the sale's currency
 * nets to zero there (while it does not, the platform still holds converted money of the sale, e.g. its fee).
 */
function exchangeRemainderOf(orderId: string, saleCurrency: string, ledger: OrderLedger): ExchangeRemainder[] {
  const sale = saleCurrency.toUpperCase();
  if ((ledger.exchange.get(sale) ?? 0) !== 0) return [];
  return [...ledger.exchange]
    .filter(([currency, amountCents]) => currency !== sale && amountCents !== 0)
    .map(([currency, amountCents]) => ({ orderId, currency, amountCents }));
}

/** Payout states whose transfer is with the seller (a refused reversal leaves it there, as the seller's debt). */
const SENT = ['paid', 'reversal_failed'];

interface PayoutRecord {
  state: string;
  sale_cents: number;
  fee_cents: number;
  refunded_cents: number;
  currency: string;
  payout_currency: string | null;
  payout_cents: number | null;
  debt_settled: string | null;
}

/**
 * The payouts table against the ledger's payout and reversal postings, and a refunded order's seller payable:
 * what the ledger paid out net of reversals is the payout's amount while it is with the seller, else nothing; a
 * refunded order's payout is cancelled or taken back (or recorded as the seller's debt), and the seller is owed
 * nothing for it. A debt is exactly what the transfer sent, in its currency, until an operator records it
 * collected or written off.
 */
function comparePayout(
  orderState: string,
  payout: PayoutRecord | undefined,
  ledger: OrderLedger,
  say: (what: string) => void,
) {
  const paidOut = (ledger.kinds.get('payout') ?? 0) - (ledger.kinds.get('reversal') ?? 0);
  const sent = payout !== undefined && SENT.includes(payout.state);
  const expected = sent ? sellerShareCents(payout) : 0;
  if (paidOut !== expected)
    say(`its payout is ${payout?.state ?? 'absent'}, yet the ledger paid the seller ${paidOut}, not ${expected}`);
  // What the transfer took from the platform's balance, in the currency it was sent in.
  if (sent && payout.payout_currency && payout.payout_cents !== null) {
    const booked = ledger.paidOutByProvider.get(payout.payout_currency) ?? 0;
    if (booked !== payout.payout_cents)
      say(`its payout sent ${payout.payout_cents} ${payout.payout_currency}, the ledger ${booked}`);
  }
  if (orderState !== 'refunded') return;
  if (payout && ['scheduled', 'waiting_account', 'held', 'paid'].includes(payout.state))
    say(`refunded, yet its payout is ${payout.state}, neither cancelled nor taken back`);
  const owed = sellerPayableOf(payout, paidOut);
  for (const currency of new Set([...ledger.sellerPayable.keys(), ...owed.keys()])) {
    const payable = ledger.sellerPayable.get(currency) ?? 0;
    const expected = owed.get(currency) ?? 0;
    if (payable !== expected)
      say(`refunded, yet the ledger's seller payable is ${payable} ${currency}, not ${expected}`);
  }
}

/**
 * What the seller of a refunded order owes, per currency: a refused reversal's transfer, in its currency, until it
 * is settled; otherwise what the ledger paid out to them net of reversals, in the sale's currency (nothing once
 * the payout is cancelled or taken back).
 */
function sellerPayableOf(payout: PayoutRecord | undefined, paidOut: number): Map<string, number> {
  if (!payout) return new Map();
  if (payout.state !== 'reversal_failed') return new Map([[payout.currency.toUpperCase(), paidOut]]);
  if (payout.debt_settled) return new Map();
  const share = sellerShareCents(payout);
  return new Map([[(payout.payout_currency ?? payout.currency).toUpperCase(), payout.payout_cents ?? share]]);
}

/**
 * The account that measures each kind's size: a payment by what reached the balance (in the sale's currency), a
 * refund, settlement or its undoing by the buyer's funds, a payout or reversal by the seller's payable (in the
 * sale's currency, whatever the transfer's), the provider's fee by its own account.
 */
const MEASURED_BY: Record<LedgerKind, LedgerAccount> = {
  payment: 'provider_balance',
  conversion: 'exchange',
  refund: 'buyer_funds',
  settlement: 'buyer_funds',
  unsettlement: 'buyer_funds',
  payout: 'seller_payable',
  reversal: 'seller_payable',
  provider_fee: 'provider_fees',
  seller_debt: 'seller_payable',
  debt_collected: 'collected_debts',
  debt_written_off: 'written_off_debts',
  share_refunded: 'seller_payable',
  platform_loss: 'platform_losses',
  hotel_payout: 'hotel_payable',
  hotel_reversal: 'hotel_payable',
};

const add = <K>(map: Map<K, number>, key: K, amount: number) => map.set(key, (map.get(key) ?? 0) + amount);

async function ledgerByOrder(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select([
      'order_id',
      'kind',
      'ledger_transactions.currency as sale_currency',
      'ledger_entries.currency',
      'account',
      'amount_cents',
    ])
    .execute();
  const byOrder = new Map<string, OrderLedger>();
  for (const row of rows) {
    const ledger = byOrder.get(row.order_id) ?? {
      currency: new Set(),
      kinds: new Map(),
      accounts: new Map(),
      providerBalance: new Map(),
      paidOutByProvider: new Map(),
      sellerPayable: new Map(),
      exchange: new Map(),
    };
    byOrder.set(row.order_id, ledger);
    ledger.currency.add(row.sale_currency);
    if (row.account === 'provider_balance') {
      add(ledger.providerBalance, row.currency, row.amount_cents);
      if (row.kind === 'payout' || row.kind === 'reversal')
        add(ledger.paidOutByProvider, row.currency, -row.amount_cents);
    }
    if (row.account === 'seller_payable') add(ledger.sellerPayable, row.currency, row.amount_cents);
    if (row.account === 'exchange') add(ledger.exchange, row.currency, row.amount_cents);
    if (row.currency === row.sale_currency) add(ledger.accounts, row.account, row.amount_cents);
    const measuredHere = row.kind === 'provider_fee' || row.currency === row.sale_currency;
    // The provider's fee is its account's balance (an entry undoing it counts against it); the others are sizes.
    const size = row.kind === 'provider_fee' ? row.amount_cents : Math.abs(row.amount_cents);
    if (row.account === MEASURED_BY[row.kind] && measuredHere) add(ledger.kinds, row.kind, size);
    else if (!ledger.kinds.has(row.kind)) ledger.kinds.set(row.kind, 0);
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
  const refunds = (await provider.listRefunds(paymentIntentId)).filter((refund) => refund.status === 'succeeded');
  const refunded = refunds.reduce((sum, refund) => sum + refund.amountCents, 0);
  if (refunded !== (ledger.kinds.get('refund') ?? 0))
    say(`the provider refunded ${refunded}, the ledger ${ledger.kinds.get('refund') ?? 0}`);
  const transfers = await provider.listTransfers(orderId);
  const transferred = new Map<string, number>();
  for (const transfer of transfers)
    add(transferred, transfer.currency, transfer.amountCents - transfer.amountReversedCents);
  for (const currency of new Set([...transferred.keys(), ...ledger.paidOutByProvider.keys()])) {
    const atProvider = transferred.get(currency) ?? 0;
    const inLedger = ledger.paidOutByProvider.get(currency) ?? 0;
    if (atProvider !== inLedger)
      say(`the provider holds ${atProvider} ${currency} paid out to the seller, the ledger ${inLedger}`);
  }
  // The provider's fee on the charge, from its balance transaction: its own account in the ledger.
  const feeAtProvider = payment.balance?.feeCents ?? 0;
  const feeInLedger = ledger.kinds.get('provider_fee') ?? 0;
  if (feeAtProvider !== feeInLedger) {
    const currency = payment.balance?.currency ?? '';
    say(`the provider took a fee of ${feeAtProvider} ${currency} on its charge, the ledger ${feeInLedger}`);
  }
  if (!payment.balance) return;
  // The money equation at the provider: what the charge brought into the balance (settled, less the fee), less
  // refunds and payouts net of reversals, is what the balance still holds for the order (the platform's fee and
  // whatever is still due), and the ledger's provider balance for the order must be exactly that, per currency.
  const held = new Map<string, number>([[payment.balance.currency, payment.balance.amountCents - feeAtProvider]]);
  for (const refund of refunds) {
    const settled = refund.settled ?? { amountCents: refund.amountCents, currency: refund.currency };
    add(held, settled.currency, -settled.amountCents);
  }
  for (const [currency, amount] of transferred) add(held, currency, -amount);
  for (const transfer of await provider.listTransfers(orderId, 'hotel'))
    add(held, transfer.currency, -(transfer.amountCents - transfer.amountReversedCents));
  for (const currency of new Set([...held.keys(), ...ledger.providerBalance.keys()])) {
    const atProvider = held.get(currency) ?? 0;
    const inLedger = ledger.providerBalance.get(currency) ?? 0;
    if (atProvider !== inLedger)
      say(`the provider's balance holds ${atProvider} ${currency} for it, the ledger's provider balance ${inLedger}`);
  }
}
