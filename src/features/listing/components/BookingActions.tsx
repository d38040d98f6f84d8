import { useEffect, useRef } from 'react';
import type { ListingWithViewer } from '../../../../contract/listing.ts';
import { primaryButton } from '../../../components/ui/button-styles.ts';
import { heldMessage, type BookingNotice, type BookNowFlow } from '../use-book-now.ts';
import { PayNowPanel } from './PayNowPanel.tsx';

const noticeStyle = {
  warning: 'bg-amber-50 text-amber-900',
  info: 'bg-sky-50 text-sky-900',
} as const;

/** A booking message beside the button that caused it; warnings interrupt, information waits its turn. */
export function BookingNoticeText({ notice, className = '' }: { notice: BookingNotice; className?: string }) {
  return (
    <p
      role={notice.tone === 'warning' ? 'alert' : 'status'}
      className={`rounded-lg p-3 text-sm ${noticeStyle[notice.tone]} ${className}`}
    >
      {notice.text}
    </p>
  );
}

type Props = { listing: ListingWithViewer; viewerId: string | null; flow: BookNowFlow };

/** The price box's booking part for a stay on sale: Book Now, then the Pay Now panel. */
export function BookingActions({ listing, viewerId, flow }: Props) {
  const bookNowButton = useRef<HTMLButtonElement>(null);
  const wasPaying = useRef(flow.paying);

  // Closing the panel gives focus back to Book Now, so keyboard users are where they started.
  useEffect(() => {
    if (wasPaying.current && !flow.paying) bookNowButton.current?.focus();
    wasPaying.current = flow.paying;
  }, [flow.paying]);

  const notice = flow.notice?.place === 'box' ? flow.notice : null;
  return (
    <>
      {flow.paying && viewerId !== null ? (
        <PayNowPanel listing={listing} buyerId={viewerId} onCancel={flow.cancel} onHeld={flow.held} />
      ) : (
        <button
          ref={bookNowButton}
          type="button"
          className={`${primaryButton} mt-4 w-full`}
          onClick={() => flow.bookNow('box')}
        >
          Book Now
        </button>
      )}
      <p className="mt-2 text-center text-xs text-slate-500">You won&apos;t be charged yet</p>
      {notice ? <BookingNoticeText notice={notice} className="mt-3" /> : null}
    </>
  );
}

/**
 * A stay held for a checkout. Someone else's: not bookable now, perhaps again soon. The viewer's own (the server
 * says so, whichever tab or device started it): they may go back to it, since the server answers the same
 * buyer with the same open session.
 */
export function HeldStay({ listing, viewerId, flow }: Props) {
  const ownCheckout = viewerId !== null && listing.held_by_viewer === true;
  if (!ownCheckout)
    return <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{heldMessage(flow.heldUntil)}</p>;
  if (flow.paying)
    return <PayNowPanel listing={listing} buyerId={viewerId} onCancel={flow.cancel} onHeld={flow.held} />;
  return (
    <>
      <p className="mt-4 rounded-lg bg-sky-50 p-3 text-sm text-sky-900">You have started paying for this stay.</p>
      <button type="button" className={`${primaryButton} mt-3 w-full`} onClick={() => flow.bookNow('box')}>
        Continue to payment
      </button>
    </>
  );
}
