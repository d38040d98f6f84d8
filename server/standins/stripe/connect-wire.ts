import type { Selectable } from 'kysely';
import type {
  StripeStandinAccountsTable,
  StripeStandinTransferReversalsTable,
  StripeStandinTransfersTable,
} from '../../db/schema-standins.ts';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export type StandinAccountRow = Selectable<StripeStandinAccountsTable>;
export type StandinTransferRow = Selectable<StripeStandinTransfersTable>;
export type StandinReversalRow = Selectable<StripeStandinTransferReversalsTable>;

/** What the onboarding page asks for, as Stripe lists an Express account's due requirements. */
const ONBOARDING_REQUIREMENTS = ['business_profile.name', 'external_account', 'tos_acceptance.date'];

/** A connected account as GET /v1/accounts/:id and `account.updated` events carry it (v1, controller properties). */
export function accountJson(row: StandinAccountRow) {
  const ready = row.transfers_active;
  return {
    id: row.id,
    object: 'account',
    business_profile: { name: row.business_name },
    capabilities: { transfers: ready ? 'active' : 'inactive' },
    charges_enabled: false,
    controller: {
      fees: { payer: 'application' },
      losses: { payments: 'application' },
      requirement_collection: 'stripe',
      stripe_dashboard: { type: 'express' },
      type: 'application',
    },
    created: seconds(row.created_at),
    details_submitted: row.details_submitted,
    email: row.email,
    metadata: row.metadata,
    payouts_enabled: ready,
    requirements: {
      currently_due: ready ? [] : ONBOARDING_REQUIREMENTS,
      eventually_due: ready ? [] : ONBOARDING_REQUIREMENTS,
      past_due: [],
      disabled_reason: ready ? null : 'requirements.past_due',
    },
    type: 'express',
  };
}

export function transferJson(row: StandinTransferRow, reversals: StandinReversalRow[] = []) {
  return {
    id: row.id,
    object: 'transfer',
    amount: row.amount,
    amount_reversed: row.amount_reversed,
    balance_transaction: null,
    created: seconds(row.created_at),
    currency: row.currency,
    description: null,
    destination: row.destination,
    livemode: false,
    metadata: row.metadata,
    reversals: {
      object: 'list',
      data: reversals.map(reversalJson),
      has_more: false,
      url: `/v1/transfers/${row.id}/reversals`,
    },
    reversed: row.amount_reversed >= row.amount,
    source_transaction: row.source_transaction,
    source_type: 'card',
    transfer_group: row.transfer_group,
  };
}

export function reversalJson(row: StandinReversalRow) {
  return {
    id: row.id,
    object: 'transfer_reversal',
    amount: row.amount,
    balance_transaction: null,
    created: seconds(row.created_at),
    currency: row.currency,
    destination_payment_refund: null,
    metadata: row.metadata,
    source_refund: null,
    transfer: row.transfer,
  };
}
