import { useCallback } from 'react';
import { formatMajorUnits } from '../../../../contract/money-format.ts';
import type { HotelPayouts } from '../../../../contract/payouts.ts';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { secondaryButton } from '../../../components/ui/button-styles.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useOnboardingReturn } from '../../../lib/use-onboarding-return.ts';
import { useHotelPayouts, useStartHotelPayoutOnboarding } from '../api/payouts.ts';
import { useHotel } from './use-hotel.ts';

/** How each fee's payout reads in the console. */
const FEE_STATES: Record<HotelPayouts['fees'][number]['state'], string> = {
  scheduled: 'Due',
  waiting_account: 'Owed: waiting for your payout account',
  held: 'Held',
  paid: 'Paid',
  cancelled: 'Refunded to the buyer',
  reversed: 'Taken back: the stay was refunded',
  reversal_failed: 'Owed back to Restay',
};

const sums = (amounts: HotelPayouts['owed']) =>
  amounts.map((amount) => formatMajorUnits(amount.amount, amount.currency)).join(' + ');

/**
 * /hotel/:hotelId/payouts: the hotel's payout account and its name-change fees. The provider's onboarding sends an
 * admin back with `?payouts=return` (the account is re-read) or `?payouts=refresh` (a new link is asked for).
 */
export default function PayoutsPage() {
  const hotel = useHotel();
  usePageTitle(`Payouts · ${hotel.name}`);
  const payouts = useHotelPayouts(hotel.id);
  const onboarding = useStartHotelPayoutOnboarding(hotel.id);
  const isAdmin = hotel.role === 'admin';
  const { mutate } = onboarding;
  // Only an admin may open the onboarding; staff coming back with an expired link just see the page.
  useOnboardingReturn(useCallback(() => (isAdmin ? mutate() : undefined), [isAdmin, mutate]));

  if (payouts.isPending) return <Spinner label="Loading the payouts…" />;
  if (payouts.isError) return <LoadFailed title="Failed to load the payouts." onRetry={() => void payouts.refetch()} />;
  const { account, owed, paid, fees, billPostingProblem } = payouts.data;
  return (
    <div className="space-y-6">
      <section aria-labelledby="payout-account" className="rounded-2xl border border-slate-200 bg-white p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="payout-account" className="text-lg font-semibold text-slate-900">
              {account.label}
            </h2>
            <p className="text-sm text-slate-600">{account.hint}</p>
          </div>
          {account.status === 'ready' || !isAdmin ? null : (
            <button
              type="button"
              className={secondaryButton}
              disabled={onboarding.isPending}
              onClick={() => onboarding.mutate()}
            >
              {onboarding.isPending ? 'Opening…' : 'Set up payouts'}
            </button>
          )}
        </div>
        {onboarding.isError ? (
          <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {onboarding.error.message}
          </p>
        ) : null}
        {billPostingProblem ? (
          <p role="status" className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {billPostingProblem}. Your fees are still paid to you.
          </p>
        ) : null}
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <div className="rounded-xl bg-slate-50 p-4">
            <dt className="text-sm text-slate-600">Owed to you</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900">{owed.length ? sums(owed) : 'Nothing'}</dd>
          </div>
          <div className="rounded-xl bg-slate-50 p-4">
            <dt className="text-sm text-slate-600">Paid to you</dt>
            <dd className="mt-1 text-xl font-semibold text-slate-900">{paid.length ? sums(paid) : 'Nothing yet'}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="fees" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="fees" className="text-lg font-semibold text-slate-900">
          Name-change fees
        </h2>
        {fees.length ? (
          <table className="mt-4 w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-2 font-medium">
                  Order
                </th>
                <th scope="col" className="py-2 font-medium">
                  Fee
                </th>
                <th scope="col" className="py-2 font-medium">
                  State
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {fees.map((fee) => (
                <tr key={fee.orderId}>
                  <td className="py-2 font-mono text-xs">{fee.orderId.slice(0, 8)}</td>
                  <td className="py-2">{formatMajorUnits(fee.amount, fee.currency)}</td>
                  <td className="py-2">{FEE_STATES[fee.state]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            No fees yet: a fee is earned when a stay resold with one is in its buyer’s name.
          </p>
        )}
      </section>
    </div>
  );
}
