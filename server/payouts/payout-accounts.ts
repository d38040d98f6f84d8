import type { PayoutAccountStatus } from '../../contract/payouts.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import { enqueuePendingJob } from '../jobs/enqueue.ts';
import type { PayoutAccount } from '../payments/stripe/payments.ts';
import type { PayoutDeps } from './deps.ts';
import type { ProviderEventHandler } from '../payments/handle-payment-event.ts';
import { PAYOUT_JOBS } from './jobs.ts';
import { transitionPayout } from '../orders/payout-transition.ts';
import { recordHotelPayoutAccount } from './hotel-payout-accounts.ts';

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
 * that becomes ready releases every payout waiting for it. Answers the seller's account status, or null for an
 * account that is not one of ours.
 */
export async function refreshPayoutAccount(deps: PayoutDeps, accountId: string): Promise<PayoutAccountStatus | null> {
  const account = await deps.payments.retrievePayoutAccount(accountId);
  return recordPayoutAccount(deps, account);
}

async function recordPayoutAccount(deps: PayoutDeps, account: PayoutAccount): Promise<PayoutAccountStatus | null> {
  return inTransaction(deps.db, async (trx) => {
    const now = deps.clock();
    const before = await trx
      .selectFrom('payout_accounts')
      .select(['seller_id', 'transfers_active'])
      .where('provider_account_id', '=', account.id)
      .forUpdate()
      .executeTakeFirst();
    if (!before) return null;
    const after = await trx
      .updateTable('payout_accounts')
      .set({ transfers_active: account.transfersActive, details_submitted: account.detailsSubmitted, updated_at: now })
      .where('provider_account_id', '=', account.id)
      .returning(['transfers_active', 'details_submitted'])
      .executeTakeFirstOrThrow();
    if (after.transfers_active && !before.transfers_active) {
      const waiting = await trx
        .selectFrom('payouts')
        .select('order_id')
        .where('seller_id', '=', before.seller_id)
        .where('state', '=', 'waiting_account')
        .execute();
      for (const { order_id: orderId } of waiting) {
        await transitionPayout(trx, {
          orderId,
          from: ['waiting_account'],
          to: 'scheduled',
          now,
          actor: 'payout account check',
          reason: `account ${account.id} can receive transfers`,
        });
        await enqueuePendingJob(trx, PAYOUT_JOBS.send, orderId, { orderId }, now);
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
    const account = await deps.payments.retrievePayoutAccount(event.account.id);
    // A seller's account, else a hotel's (hotel-payout-accounts.ts).
    const recorded = (await recordPayoutAccount(deps, account)) ?? (await recordHotelPayoutAccount(deps, account));
    return recorded ? 'handled' : 'ignored';
  };
}
