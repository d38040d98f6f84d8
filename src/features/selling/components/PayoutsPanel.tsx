import { useOnboardingReturn } from '../../../lib/use-onboarding-return.ts';
import { secondaryButton } from '../../../components/ui/button-styles.ts';
import { usePayoutAccount, useStartPayoutOnboarding } from '../api/payouts.ts';
import { ErrorBox } from './ErrorBox.tsx';

/**
 * The seller's payout account on My Listings. The provider's onboarding sends them back with `?payouts=return`
 * (the account is re-read) or `?payouts=refresh` (the link expired: a new one is asked for at once). `totals`:
 * what the seller's payouts come to, by kind, worded as each row is.
 */
export function PayoutsPanel({ totals }: { totals: string | null }) {
  const account = usePayoutAccount();
  const onboarding = useStartPayoutOnboarding();
  useOnboardingReturn(onboarding.mutate);

  if (account.isPending || account.isError) return null;
  const { status, label, hint } = account.data;
  return (
    <section aria-labelledby="payouts-heading" className="rounded-lg border border-slate-200 bg-white px-4 py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="payouts-heading" className="font-semibold text-slate-900">
            {label}
          </h2>
          <p className="text-sm text-slate-600">{hint}</p>
          {totals ? <p className="mt-1 text-sm font-medium text-slate-900">{totals}</p> : null}
        </div>
        {status === 'ready' ? null : (
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
      <ErrorBox messages={[onboarding.isError ? onboarding.error.message : null]} />
    </section>
  );
}
