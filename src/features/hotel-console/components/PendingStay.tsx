import { useId, useState, type FormEvent } from 'react';
import { formatMajorUnits } from '../../../../contract/money-format.ts';
import {
  REJECTION_REASON_LABELS,
  REJECTION_REASONS,
  type PendingApproval,
  type RejectionReason,
} from '../../../../contract/stay-approvals.ts';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { useDecideStay } from '../api/stay-approvals.ts';
import { consoleTime } from './console-time.ts';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-500 focus:ring-brand-500';

/** One stay waiting for the hotel: the reservation as its system holds it, the ask, and Approve or Reject. */
export function PendingStay({ hotelId, stay }: { hotelId: string; stay: PendingApproval }) {
  const decide = useDecideStay(hotelId);
  const [rejecting, setRejecting] = useState(false);
  const headingId = useId();
  const { reservation } = stay;
  const facts: [string, string][] = [
    ['Guest', reservation.guest],
    ['Dates', `${day(reservation.startUtc)} to ${day(reservation.endUtc)}`],
    ['Room type', reservation.roomType ?? 'Not named'],
    ['Rate', reservation.rate ?? 'Not named'],
    ['Channel', reservation.channels.join(', ')],
    [
      'Amount paid',
      reservation.amountPaid === null ? 'Not known' : formatMajorUnits(reservation.amountPaid, stay.currency),
    ],
    ['Asking price', formatMajorUnits(stay.askingPrice, stay.currency)],
  ];
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <h3 id={headingId} className="font-semibold text-slate-900">
        {stay.title} · reservation {reservation.confirmationNumber}
      </h3>
      <p className="text-sm text-slate-600">
        Decide by {consoleTime(stay.deadlineUtc)}; without a decision it is{' '}
        {stay.onTimeout === 'approve' ? 'approved' : 'rejected'}.
        {reservation.live ? '' : ' Your system did not answer just now: these are the details Restay last read.'}
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="flex gap-2">
            <dt className="text-slate-600">{label}:</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {stay.policyLines.length ? (
        <>
          <h4 className="mt-3 text-sm font-semibold text-slate-900">Your policy</h4>
          <ul className="list-disc pl-5 text-sm text-slate-700">
            {stay.policyLines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : null}
      {rejecting ? (
        <RejectForm
          pending={decide.isPending}
          onCancel={() => setRejecting(false)}
          onReject={(reason, note) => decide.mutate({ listingId: stay.listingId, decision: 'reject', reason, note })}
        />
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          <button
            type="button"
            className={primaryButton}
            disabled={decide.isPending}
            onClick={() => decide.mutate({ listingId: stay.listingId, decision: 'approve' })}
          >
            Approve<span className="sr-only"> {stay.title}</span>
          </button>
          <button type="button" className={secondaryButton} onClick={() => setRejecting(true)}>
            Reject<span className="sr-only"> {stay.title}</span>
          </button>
        </div>
      )}
      {decide.error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {decide.error.message}
        </p>
      ) : null}
    </li>
  );
}

/** Why the hotel rejects the stay (one of the short list) and, optionally, in its own words. */
function RejectForm(props: {
  pending: boolean;
  onCancel: () => void;
  onReject: (reason: Exclude<RejectionReason, 'no_answer'>, note: string | undefined) => void;
}) {
  const [reason, setReason] = useState<Exclude<RejectionReason, 'no_answer'> | ''>('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setProblem('Choose why you reject this stay.');
      return;
    }
    props.onReject(reason, note.trim() || undefined);
  };
  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-3" aria-label="Reject this stay">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">Why?</legend>
        {REJECTION_REASONS.map((choice) => (
          <label key={choice} className="mt-1 flex items-center gap-2 text-sm">
            <input type="radio" name={`${ids}-reason`} checked={reason === choice} onChange={() => setReason(choice)} />
            {REJECTION_REASON_LABELS[choice]}
          </label>
        ))}
      </fieldset>
      <label className="block text-sm font-semibold text-slate-900" htmlFor={`${ids}-note`}>
        A word for the seller (optional)
      </label>
      <textarea
        id={`${ids}-note`}
        className={fieldClass}
        maxLength={500}
        rows={2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={props.pending}>
          Reject the stay
        </button>
        <button type="button" className={secondaryButton} onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
