import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { ProviderTransfer } from '../../ledger/provider-records.ts';
import type { PayoutAccount, ProviderTransferReversal } from './payments.ts';
import { fromStripeAmount } from './stripe-amounts.ts';
import { idOrObject, listWire } from './stripe-wire-parts.ts';

/** The account fields the payouts read: v1 `account` objects, as `account.updated` events also carry them. */
const accountWire = z.object({
  object: z.literal('account'),
  id: z.string().min(1),
  details_submitted: z.boolean().optional(),
  capabilities: z.record(z.string(), z.string()).nullable().optional(),
});

export function toPayoutAccount(raw: unknown): PayoutAccount {
  const account = accountWire.parse(raw);
  return {
    id: account.id,
    transfersActive: account.capabilities?.transfers === 'active',
    detailsSubmitted: account.details_submitted ?? false,
  };
}

const reversalWire = z.object({
  object: z.literal('transfer_reversal'),
  id: z.string().min(1),
  amount: z.number().int(),
  currency: z.string().min(3),
  transfer: idOrObject,
});

const transferWire = z.object({
  object: z.literal('transfer'),
  id: z.string().min(1),
  amount: z.number().int(),
  amount_reversed: z.number().int(),
  currency: z.string().min(3),
  destination: idOrObject,
  source_transaction: idOrObject,
  transfer_group: z.string().nullable().optional(),
  created: z.number().int(),
  // Stripe embeds the transfer's reversals (a list of up to 10; a payout is reversed once, whole).
  reversals: z.object({ data: z.array(reversalWire) }).optional(),
});

export function toProviderTransfer(raw: unknown): ProviderTransfer {
  const transfer = transferWire.parse(raw);
  return {
    id: transfer.id,
    destination: transfer.destination ?? '',
    amountCents: fromStripeAmount(transfer.amount, transfer.currency),
    amountReversedCents: fromStripeAmount(transfer.amount_reversed, transfer.currency),
    currency: transfer.currency.toUpperCase(),
    sourceChargeId: transfer.source_transaction,
    transferGroup: transfer.transfer_group ?? null,
    created: new Date(transfer.created * 1000),
    reversals: (transfer.reversals?.data ?? []).map((reversal) => ({
      id: reversal.id,
      amountCents: fromStripeAmount(reversal.amount, reversal.currency),
      currency: reversal.currency.toUpperCase(),
    })),
  };
}

export const toProviderTransfers = (raw: unknown): ProviderTransfer[] =>
  listWire.parse(raw).data.map(toProviderTransfer);

export function toProviderTransferReversal(raw: unknown): ProviderTransferReversal {
  const reversal = reversalWire.parse(raw);
  return {
    id: reversal.id,
    transferId: reversal.transfer ?? '',
    amountCents: fromStripeAmount(reversal.amount, reversal.currency),
    currency: reversal.currency.toUpperCase(),
  };
}

/**
 * The Connect refusals the payouts handle: a destination that cannot receive transfers yet, a platform balance
 * too small to pay from, and a reversal the seller's balance cannot cover.
 */
export function connectRefusal(error: Stripe.errors.StripeError): AppError | undefined {
  const details = { providerCode: error.code };
  if (error.code === 'balance_insufficient' || error.code === 'insufficient_funds') {
    const reason = error.message?.toLowerCase().includes('revers') ? 'reversal_refused' : 'balance_insufficient';
    return new AppError('CONFLICT', 'The payment provider’s balance cannot cover this.', { ...details, reason });
  }
  if (
    error.code === 'insufficient_capabilities_for_transfer' ||
    /capabilit|transfers? (are|is) not enabled/i.test(error.message ?? '')
  ) {
    const reason = 'account_not_ready';
    return new AppError('CONFLICT', 'The seller’s payout account cannot receive money yet.', { ...details, reason });
  }
  if (error.code === 'transfer_already_reversed' || /already been (fully )?reversed/i.test(error.message ?? '')) {
    const reason = 'reversal_refused';
    return new AppError('CONFLICT', 'This transfer can no longer be reversed.', { ...details, reason });
  }
  return undefined;
}
