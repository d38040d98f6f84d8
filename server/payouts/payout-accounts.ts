import type { PayoutAccountStatus } from '../../contract/payouts.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import { enqueuePendingJob } from '../jobs/enqueue.ts';
import type { PayoutAccount } from '../payments/stripe/payments.ts';
import type { PayoutDeps } from './deps.ts';
import type { ProviderEventHandler } from '../payments/handle-payment-event.ts';
import { PAYOUT_JOBS } from './jobs.ts';
import { transitionPayout } from '../orders/payout-transition.ts';

const NO_LISTING_YET = 'List a stay before setting up payouts: payouts are for sellers.';

export function payoutAccountStatus(
  account: { transfers_active: boolean; details_submitted: boolean } | undefined,
): PayoutAccountStatus {
  if (!account) return 'not_set_up';
  return account.transfers_active ? 'ready' : 'details_needed';
}

/**
 * Re-reads a payout account from the provider and records it: an `account.updated` event only says that it
 * changed, since events may arrive out of order and an older one must never undo a newer state. An account
 * that becomes ready releases every payout waiting for it (a seller's payouts, or a hotel's fees). Answers the
 * account's status, or null for an account that is not one of ours.
 */
export async function refreshPayoutAccount(deps: PayoutDeps, accountId: string): Promise<PayoutAccountStatus | null> {
  const account = await deps.payments.retrievePayoutAccount(accountId);
  return recordPayoutAccount(deps, account);
}

/**
 * Whose accounts a provider account may be: a seller's (`payout_accounts`, their payouts) or a hotel's
 * (`hotel_payout_accounts`, its name-change fees). Both tables share the columns read and written here.
 */
const ACCOUNT_OWNERS = [
  { payee: 'seller', accounts: 'payout_accounts', owner: 'seller_id', payouts: 'payouts', send: PAYOUT_JOBS.send },
  {
    payee: 'hotel',
    accounts: 'hotel_payout_accounts',
    owner: 'hotel_id',
    payouts: 'hotel_payouts',
    send: PAYOUT_JOBS.sendHotelFee,
  },
] as const;

/** Records the provider's view of a seller's or a hotel's account; null when it is neither's. */
async function recordPayoutAccount(deps: PayoutDeps, account: PayoutAccount): Promise<PayoutAccountStatus | null> {
  for (const owner of ACCOUNT_OWNERS) {
    const status = await recordAccountOf(deps, account, owner);
    if (status) return status;
  }
  return null;
}

async function recordAccountOf(
  deps: PayoutDeps,
  account: PayoutAccount,
  { payee, accounts, owner, payouts, send }: (typeof ACCOUNT_OWNERS)[number],
): Promise<PayoutAccountStatus | null> {
  // One query shape for both owners: the typed names are the seller's, the tables and columns the owner's.
  const table = accounts as 'payout_accounts';
  const ownerColumn = owner as 'seller_id';
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock();
    const before = await trx
      .selectFrom(table)
      .select([`${ownerColumn} as owner_id`, 'transfers_active'])
      .where('provider_account_id', '=', account.id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return null;
    const after = await trx
      .updateTable(table)
      .set({ transfers_active: account.transfersActive, details_submitted: account.detailsSubmitted, updated_at: now })
      .where('provider_account_id', '=', account.id)
      .returning(['transfers_active', 'details_submitted'])
      .executeTakeFirstOrThrow();
    if (after.transfers_active && !before.transfers_active) {
      const waiting = await trx
        .selectFrom(payouts as 'payouts')
        .select('order_id')
        .where(ownerColumn, '=', before.owner_id)
        .where('state', '=', 'waiting_account')
        .execute();
      for (const { order_id: orderId } of waiting) {
        await transitionPayout(trx, {
          payee,
          orderId,
          from: ['waiting_account'],
          to: 'scheduled',
          now,
          actor: 'payout account check',
          reason: `account ${account.id} can receive transfers`,
        });
        await enqueuePendingJob(trx, send, orderId, { orderId }, now);
      }
    }
    return payoutAccountStatus(after);
  });
}

/** The seller's payout account status as last recorded (re-read when they come back from onboarding). */
export async function sellerPayoutAccount(deps: PayoutDeps, sellerId: string) {
  return deps.db
    .selectFrom('payout_accounts')
    .select(['provider_account_id', 'transfers_active', 'details_submitted'])
    .where('seller_id', '=', sellerId)
    .executeTakeFirst();
}

/**
 * The link that sends a seller to the provider's onboarding, creating their payout account first if they have
 * none (once per seller: the provider call carries the idempotency key `payout-account:<sellerId>` and the row
 * is keyed by seller, so two presses at once make one account). The provider sends the seller back to My Listings
 * on `from`, the origin the SPA asked from (its browser's `Origin`), when it is one the SPA may run on (a static
 * host's, CORS_ORIGINS), else on PUBLIC_URL: the session is kept in the SPA's own origin's storage.
 */
export async function startOnboarding(
  deps: PayoutDeps,
  seller: { id: string; email: string | null },
  from: string | undefined,
): Promise<string> {
  let account = await sellerPayoutAccount(deps, seller.id);
  if (!account) {
    await requireAListing(deps, seller.id);
    const created = await deps.payments.createPayoutAccount({ sellerId: seller.id, email: seller.email });
    const now = deps.clock();
    await deps.db
      .insertInto('payout_accounts')
      .values({
        seller_id: seller.id,
        provider_account_id: created.id,
        transfers_active: created.transfersActive,
        details_submitted: created.detailsSubmitted,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('seller_id').doNothing())
      .execute();
    account = await sellerPayoutAccount(deps, seller.id);
  }
  const origin = from && deps.appOrigins.includes(from) ? from : deps.publicUrl;
  const back = `${origin}/my-listings?payouts=`;
  return deps.payments.createOnboardingLink({
    accountId: account!.provider_account_id,
    refreshUrl: `${back}refresh`,
    returnUrl: `${back}return`,
  });
}

/**
 * A payout account is opened for sellers only: each one is an account at the provider (with its own checks
 * and costs), so a user who has never listed a stay is asked to list one first.
 */
async function requireAListing(deps: PayoutDeps, sellerId: string) {
  const listing = await deps.db
    .selectFrom('listings')
    .select('id')
    .where('seller_id', '=', sellerId)
    .executeTakeFirst();
  if (!listing) throw new AppError('CONFLICT', NO_LISTING_YET);
}

/** The payouts' provider events (a port of the payment webhook): `account.updated` re-reads the account. */
export function payoutAccountEvents(deps: PayoutDeps): ProviderEventHandler {
  return async (event) => {
    if (event.type !== 'account.updated' || !event.account) return null;
    return (await refreshPayoutAccount(deps, event.account.id)) ? 'handled' : 'ignored';
  };
}
