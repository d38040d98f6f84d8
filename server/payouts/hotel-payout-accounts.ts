import { hotelPayoutAccountHint, PAYOUT_ACCOUNT_LABELS, type HotelPayouts } from '../../contract/payouts.ts';
import { toMajor } from '../../contract/money.ts';
import type { PayoutDeps } from './deps.ts';
import { payoutAccountStatus, refreshPayoutAccount } from './payout-accounts.ts';
import { ORDERS_PERMISSION_NEEDED } from './post-hotel-fee.ts';

/**
 * A hotel's payout account, as a seller's (payout-accounts.ts): one connected account per hotel, opened by one of
 * its admins from the console through the provider's hosted onboarding, recorded from `account.updated` and
 * re-read when the admin comes back. An account that becomes ready releases every fee waiting for it.
 */

const hotelAccountOf = (deps: PayoutDeps, hotelId: string) =>
  deps.db
    .selectFrom('hotel_payout_accounts')
    .select(['provider_account_id', 'transfers_active', 'details_submitted'])
    .where('hotel_id', '=', hotelId)
    .executeTakeFirst();

/**
 * The link to the provider's onboarding for the hotel's account, creating the account first if the hotel has
 * none (idempotency key `payout-account:hotel:<hotelId>`, the row keyed by hotel: two admins pressing at once
 * make one account). The provider sends the admin back to the console's Payouts page.
 */
export async function startHotelOnboarding(
  deps: PayoutDeps,
  hotel: { id: string; email: string | null },
  from: string | undefined,
): Promise<string> {
  let account = await hotelAccountOf(deps, hotel.id);
  if (!account) {
    const created = await deps.payments.createPayoutAccount({ hotelId: hotel.id, email: hotel.email });
    const now = deps.clock();
    await deps.db
      .insertInto('hotel_payout_accounts')
      .values({
        hotel_id: hotel.id,
        provider_account_id: created.id,
        transfers_active: created.transfersActive,
        details_submitted: created.detailsSubmitted,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('hotel_id').doNothing())
      .execute();
    account = await hotelAccountOf(deps, hotel.id);
  }
  const origin = from && deps.appOrigins.includes(from) ? from : deps.publicUrl;
  const back = `${origin}/hotel/${hotel.id}/payouts?payouts=`;
  return deps.payments.createOnboardingLink({
    accountId: account!.provider_account_id,
    refreshUrl: `${back}refresh`,
    returnUrl: `${back}return`,
  });
}

/** Fee payout states whose money is still owed to the hotel, and those whose transfer is with it. */
const OWED = ['scheduled', 'waiting_account'] as const;
const WITH_THE_HOTEL = ['paid'] as const;

/** The console's Payouts: the account (re-read from the provider), what the hotel is owed and was paid. */
export async function hotelPayouts(deps: PayoutDeps, hotelId: string): Promise<HotelPayouts> {
  const stored = await hotelAccountOf(deps, hotelId);
  const status = stored
    ? ((await refreshPayoutAccount(deps, stored.provider_account_id)) ?? payoutAccountStatus(stored))
    : 'not_set_up';
  const rows = await deps.db
    .selectFrom('hotel_payouts')
    .select(['order_id', 'state', 'fee_cents', 'currency', 'release_at', 'paid_at'])
    .where('hotel_id', '=', hotelId)
    .orderBy('created_at', 'desc')
    .execute();
  const totals = (states: readonly string[]) => {
    const byCurrency = new Map<string, number>();
    for (const row of rows.filter((fee) => states.includes(fee.state)))
      byCurrency.set(row.currency, (byCurrency.get(row.currency) ?? 0) + row.fee_cents);
    return [...byCurrency].map(([currency, cents]) => ({ currency, amount: toMajor(cents) }));
  };
  // The line stays until a fee is posted after the latest refusal (the hotel granted the calls since).
  const latest = await deps.db
    .selectFrom('hotel_fee_postings')
    .select(['state', (eb) => eb.fn.max('updated_at').as('at')])
    .where('hotel_id', '=', hotelId)
    .where('state', 'in', ['posted', 'not_granted'])
    .groupBy('state')
    .execute();
  const at = (state: string) => latest.find((row) => row.state === state)?.at;
  const refused = at('not_granted');
  const posted = at('posted');
  return {
    billPostingProblem: refused && (!posted || refused >= posted) ? ORDERS_PERMISSION_NEEDED : null,
    account: {
      status,
      label: PAYOUT_ACCOUNT_LABELS[status],
      hint: hotelPayoutAccountHint(status, deps.payouts.release),
    },
    owed: totals(OWED),
    paid: totals(WITH_THE_HOTEL),
    fees: rows.slice(0, 50).map((row) => ({
      orderId: row.order_id,
      state: row.state,
      amount: toMajor(row.fee_cents),
      currency: row.currency,
      releaseAt: row.release_at.toISOString(),
      paidAt: row.paid_at?.toISOString() ?? null,
    })),
  };
}
