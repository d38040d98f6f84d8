import { secondaryButton } from '../../../components/ui/button-styles.ts';
import { useApproveChainClaim, useChainApprovals } from '../api/chain-approvals.ts';

/**
 * For an admin: people who opened the first-admin link of another hotel of the chain with an email other than
 * the one Mews named. Approving makes them that hotel's admin. Shown only when someone waits.
 */
export function ChainApprovals({ hotelId }: { hotelId: string }) {
  const approvals = useChainApprovals(hotelId, true);
  const approve = useApproveChainClaim(hotelId);
  if (!approvals.data?.length) return null;
  return (
    <section aria-labelledby="chain-approvals" className="rounded-2xl border border-amber-200 bg-amber-50 p-6">
      <h2 id="chain-approvals" className="text-lg font-semibold text-slate-900">
        Waiting for your approval
      </h2>
      <ul className="mt-4 space-y-3">
        {approvals.data.map((a) => (
          <li key={a.inviteId} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-800">
              {a.requesterName} ({a.requesterEmail ?? 'no email'}) asks to become the admin of {a.hotelName}. Mews named{' '}
              {a.requestorEmail}.
            </p>
            <button
              type="button"
              className={secondaryButton}
              disabled={approve.isPending}
              onClick={() => approve.mutate(a.inviteId)}
              aria-label={`Approve ${a.requesterName} as admin of ${a.hotelName}`}
            >
              Approve
            </button>
          </li>
        ))}
      </ul>
      {approve.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {approve.error.message}
        </p>
      ) : null}
    </section>
  );
}
