import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { CreatedListing } from '../api/create-listing.ts';
import { EMPTY_ID_RESET_MS } from '../../../lib/ui-constants.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { clearListingDraft, readListingDraft, saveListingDraft, type TypedListing } from '../listing-draft.ts';
import { useSellerId } from '../use-seller-id.ts';
import { CreateListing } from './CreateListing.tsx';
import { VerifyReservation } from './VerifyReservation.tsx';

export const CREATED_WITHOUT_ID = '✓ Your listing has been created!';

/**
 * find reservation (verification) -> form -> created; `attempt` gives every new start fresh forms. A seller who
 * verified a reservation in this tab and has not listed it or started over comes back to its form, with what they
 * had typed (`typedBefore`).
 */
type Phase =
  | { name: 'verify' }
  | { name: 'form'; reservationId: string; typedBefore?: TypedListing }
  | { name: 'created' }
  | { name: 'awaiting_hotel'; message: string };

export default function ListMyReservationPage() {
  usePageTitle('List Your Stay');
  const userId = useSellerId();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>(() => {
    const draft = readListingDraft(userId);
    return draft ? { name: 'form', reservationId: draft.reservationId, typedBefore: draft.values } : { name: 'verify' };
  });
  const [attempt, setAttempt] = useState(0);
  const createdMessage = useRef<HTMLParagraphElement & HTMLDivElement>(null);

  const startOver = () => {
    clearListingDraft();
    setAttempt((value) => value + 1);
    setPhase({ name: 'verify' });
  };

  const onCreated = (created: CreatedListing) => {
    clearListingDraft();
    // A listing waiting for its hotel is not for sale yet: the seller reads why here, not on a stay page.
    if (created.awaitingHotel) setPhase({ name: 'awaiting_hotel', message: created.awaitingHotel });
    else if (created.id) navigate(`/listings/${encodeURIComponent(created.id)}?created=1`);
    else setPhase({ name: 'created' });
  };

  // With no id to open, the success message shows for a moment, then the page is ready for the next stay.
  useEffect(() => {
    if (phase.name === 'awaiting_hotel') createdMessage.current?.focus();
    if (phase.name !== 'created') return;
    createdMessage.current?.focus();
    const timer = setTimeout(startOver, EMPTY_ID_RESET_MS);
    return () => clearTimeout(timer);
  }, [phase.name]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">List Your Stay</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        Can't use a hotel reservation? Prove it is yours, set your price, and let another traveller take it over.
      </p>
      <div className="mt-8">
        {phase.name === 'verify' ? (
          <div className="max-w-2xl">
            <VerifyReservation
              key={attempt}
              userId={userId}
              onVerified={(reservationId) => {
                saveListingDraft({ userId, reservationId });
                setPhase({ name: 'form', reservationId });
              }}
            />
          </div>
        ) : phase.name === 'form' ? (
          <CreateListing
            key={attempt}
            reservationId={phase.reservationId}
            userId={userId}
            typedBefore={phase.typedBefore}
            onTyped={(values) => saveListingDraft({ userId, reservationId: phase.reservationId, values })}
            onCreated={onCreated}
            onStartOver={startOver}
          />
        ) : phase.name === 'awaiting_hotel' ? (
          <div
            ref={createdMessage}
            tabIndex={-1}
            role="status"
            className="max-w-2xl rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900 focus:outline-none"
          >
            <p className="font-semibold">✓ Your listing has been created.</p>
            <p>{phase.message}</p>
            <p className="mt-2">
              <Link to="/my-listings" className="underline">
                See it in My Listings
              </Link>
            </p>
          </div>
        ) : (
          <p
            ref={createdMessage}
            tabIndex={-1}
            role="status"
            className="max-w-2xl rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900 focus:outline-none"
          >
            {CREATED_WITHOUT_ID}
          </p>
        )}
      </div>
    </div>
  );
}
