import type { BuyingFixture } from './buying-fixture.ts';

/** The order's seller or hotel payable in the ledger, per currency (zero balances left out). */
export async function payableOf(fx: BuyingFixture, orderId: string, account: 'seller_payable' | 'hotel_payable') {
  const rows = await fx.server.database.db
    .selectFrom('ledger_entries')
    .innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id')
    .select(['ledger_entries.currency', (eb) => eb.fn.sum<string>('ledger_entries.amount_cents').as('total')])
    .where('ledger_transactions.order_id', '=', orderId)
    .where('ledger_entries.account', '=', account)
    .groupBy('ledger_entries.currency')
    .execute();
  return Object.fromEntries(
    rows.filter((row) => Number(row.total) !== 0).map((row) => [row.currency, Number(row.total)]),
  );
}
