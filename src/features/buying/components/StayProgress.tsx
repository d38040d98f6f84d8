import type { PurchasedStay } from '../../../../contract/buying.ts';
import type { Handover, RefundInfo } from '../../../../contract/handover.ts';
import { formatMoment, formatStayDate } from '../../../lib/format.ts';
import { retryText, reverseHandoverText } from '../order-news.ts';
import { ORDER_STATE_TEXT } from '../order-progress.ts';

type Order = PurchasedStay['order'];

/**
 * What happened to a bought stay since the payment, each step with its time; while the hotel's system does not
 * answer, that we keep trying and until when; then, once it is in the buyer's name, the reservation as the hotel
 * now holds it, or, when the money goes back, why (and, refunded after the handover, who holds the stay now).
 */
export function StayProgress({ order, label }: { order: Order; label: string }) {
  // The checkout itself is not news to the buyer: the timeline starts with the payment.
  const steps = order.timeline.filter((step) => step.state !== 'open');
  const reverseHandover = reverseHandoverText(order, label);
  return (
    <div className="space-y-3">
      {steps.length > 0 ? (
        <ol aria-label={`Progress of ${label}`} className="space-y-1 text-sm">
          {steps.map((step) => (
            <li key={`${step.state}-${step.at}`} className="flex flex-wrap gap-x-2">
              <span className="font-medium text-slate-900">{ORDER_STATE_TEXT[step.state].step}</span>
              <time dateTime={step.at} className="text-slate-600">
                {formatMoment(step.at) ?? step.at}
              </time>
            </li>
          ))}
        </ol>
      ) : null}
      {order.transferRetry && (order.state === 'paid' || order.state === 'transferring') ? (
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">{retryText(order.transferRetry)}</p>
      ) : null}
      {(order.state === 'transferred' || order.reverseHandover?.state === 'kept_by_buyer') && order.handover ? (
        <HotelDetails handover={order.handover} label={label} />
      ) : null}
      {order.refund ? <RefundNote refund={order.refund} /> : null}
      {reverseHandover ? <p className="rounded-xl bg-sky-50 p-3 text-sm text-sky-900">{reverseHandover}</p> : null}
    </div>
  );
}

/** The hotel's own record of the stay: what the buyer quotes at the front desk. */
function HotelDetails({ handover, label }: { handover: Handover; label: string }) {
  const row = 'grid grid-cols-[9rem_1fr] gap-2';
  return (
    <section aria-label={`Hotel reservation for ${label}`} className="rounded-xl bg-emerald-50 p-3 text-sm">
      <p className="font-semibold text-emerald-900">The hotel now holds this reservation in your name.</p>
      <dl className="mt-2 space-y-1 text-slate-800">
        <div className={row}>
          <dt className="text-slate-600">Confirmation number</dt>
          <dd className="font-mono font-semibold">{handover.confirmationNumber}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-600">Guest</dt>
          <dd>{handover.guestName}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-600">Hotel</dt>
          <dd>{handover.hotelName}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-600">Address</dt>
          <dd>{handover.hotelAddress ?? 'Not provided by the hotel'}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-600">Check-in</dt>
          <dd>{formatStayDate(handover.checkIn) ?? handover.checkIn}</dd>
        </div>
        <div className={row}>
          <dt className="text-slate-600">Check-out</dt>
          <dd>{formatStayDate(handover.checkOut) ?? handover.checkOut}</dd>
        </div>
      </dl>
    </section>
  );
}

function RefundNote({ refund }: { refund: RefundInfo }) {
  const refundedAt = formatMoment(refund.refundedAt);
  return (
    <p className="rounded-xl bg-sky-50 p-3 text-sm text-sky-900">
      {refundedAt
        ? `Your payment was refunded in full on ${refundedAt}.`
        : 'Your payment is being refunded in full; your bank may take a few days to show it.'}{' '}
      Why: {refund.message}
    </p>
  );
}
