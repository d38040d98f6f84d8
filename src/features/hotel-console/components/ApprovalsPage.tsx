import type { ApprovalDecision } from '../../../../contract/stay-approvals.ts';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useStayApprovals } from '../api/stay-approvals.ts';
import { consoleTime } from './console-time.ts';
import { PendingStay } from './PendingStay.tsx';
import { useHotel } from './use-hotel.ts';

/**
 * /hotel/:hotelId/approvals: the stays waiting for the hotel's say (ADR 0082), each as the hotel's system holds
 * it now with the asking price and the policy lines it meets, to approve or reject; and the decisions taken.
 */
export default function ApprovalsPage() {
  const hotel = useHotel();
  usePageTitle(`Approvals · ${hotel.name}`);
  const approvals = useStayApprovals(hotel.id);
  if (approvals.isPending) return <Spinner label="Loading the approvals…" />;
  if (approvals.isError)
    return <LoadFailed title="Failed to load the approvals." onRetry={() => void approvals.refetch()} />;
  const { pending, decisions } = approvals.data;
  return (
    <div className="space-y-6">
      <section aria-labelledby="waiting-heading" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="waiting-heading" className="text-lg font-semibold text-slate-900">
          Waiting for your approval
        </h2>
        {pending.length ? (
          <ul className="mt-4 space-y-6">
            {pending.map((stay) => (
              <PendingStay key={stay.listingId} hotelId={hotel.id} stay={stay} />
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">No stay is waiting for your approval.</p>
        )}
      </section>
      <section aria-labelledby="decisions-heading" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="decisions-heading" className="text-lg font-semibold text-slate-900">
          Decisions
        </h2>
        {decisions.length ? (
          <ul className="mt-4 divide-y divide-slate-100">
            {decisions.map((decision) => (
              <li key={`${decision.listingId}-${decision.decidedAt}`} className="py-3 text-sm text-slate-700">
                <DecisionLine decision={decision} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">No decision yet.</p>
        )}
      </section>
    </div>
  );
}

function DecisionLine({ decision }: { decision: ApprovalDecision }) {
  const outcome = decision.decision === 'approved' ? 'Approved' : `Rejected: ${decision.reason ?? ''}`;
  return (
    <>
      <span className="font-medium text-slate-900">{decision.title}</span> · {outcome}
      {decision.note ? ` (“${decision.note}”)` : ''} · by {decision.decidedBy ?? 'the deadline, without an answer'} on{' '}
      {consoleTime(decision.decidedAt)}
    </>
  );
}
