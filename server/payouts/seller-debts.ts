import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A seller's debt: the payout of a refunded stay the provider refused to take back from their account. */
export interface SellerDebt {
  orderId: string;
  sellerId: string;
  sellerEmail: string | null;
  /** What the seller was paid and still owes, in hundredths of `currency` (the transfer's, the settlement currency). */
  amountCents: number;
  currency: string;
  transferId: string | null;
  /** When the provider refused the reversal. */
  since: Date;
}

/**
 * Every payout left `reversal_failed`, oldest first: the refunded buyer got their money back, the seller kept
 * theirs, and the ledger holds it as the seller's positive payable until the operator collects it.
 */
export async function listSellerDebts(db: Kysely<Database>): Promise<SellerDebt[]> {
  const rows = await db
    .selectFrom('payouts')
    .leftJoin('profiles as seller', 'seller.id', 'payouts.seller_id')
    .select([
      'payouts.order_id',
      'payouts.seller_id',
      'seller.email',
      'payouts.sale_cents',
      'payouts.fee_cents',
      'payouts.currency',
      'payouts.payout_cents',
      'payouts.payout_currency',
      'payouts.transfer_id',
      'payouts.updated_at',
    ])
    .where('payouts.state', '=', 'reversal_failed')
    .orderBy('payouts.updated_at')
    .orderBy('payouts.order_id')
    .execute();
  return rows.map((row) => ({
    orderId: row.order_id,
    sellerId: row.seller_id,
    sellerEmail: row.email,
    // What the transfer sent (in the settlement currency); payouts sent before it was kept: the seller's share.
    amountCents: row.payout_cents ?? row.sale_cents - row.fee_cents,
    currency: row.payout_currency ?? row.currency,
    transferId: row.transfer_id,
    since: new Date(row.updated_at),
  }));
}

/** One line per debt, as `npm run payouts -- debts` prints them. */
export function sellerDebtLines(debts: readonly SellerDebt[]): string[] {
  if (!debts.length) return ['No seller owes a payout back.'];
  return debts.map(
    (debt) =>
      `${debt.orderId}\tseller ${debt.sellerId} ${debt.sellerEmail ?? ''}\towes ${(debt.amountCents / 100).toFixed(2)} ` +
      `${debt.currency}\ttransfer ${debt.transferId ?? '?'}\tsince ${debt.since.toISOString()}`,
  );
}
