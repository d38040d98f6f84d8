import { useState } from 'react';
import type { VerificationSent } from '../api/verify-reservation.ts';
import { stepLabel } from '../listing-steps.ts';
import { CodeStep } from './CodeStep.tsx';
import { ReservationStep, type ReservationLookup } from './ReservationStep.tsx';

/**
 * The ownership proof: `initial` (confirmation number and email) -> `verify-token` (the emailed code), where
 * Back returns to `initial`; a confirmed code hands the verified reservation's number on.
 */
type Step = { name: 'initial'; returning: boolean } | { name: 'verify-token'; relayNotice: string | null };

export function VerifyReservation({
  userId,
  onVerified,
}: {
  userId: string;
  onVerified: (reservationId: string) => void;
}) {
  const [step, setStep] = useState<Step>({ name: 'initial', returning: false });
  const [lookup, setLookup] = useState<ReservationLookup>({ confirmationNumber: '', email: '' });

  const onSent = (values: ReservationLookup, sent: VerificationSent) => {
    // Proved before, in this browser or another: straight on to the listing, no code to wait for.
    if (sent.alreadyProven) return onVerified(values.confirmationNumber);
    setLookup(values);
    setStep({ name: 'verify-token', relayNotice: sent.relayNotice });
  };

  return (
    <section className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <p className="mb-4 text-sm font-medium text-brand-700">{stepLabel(step.name === 'initial' ? 1 : 2)}</p>
      {step.name === 'initial' ? (
        <ReservationStep userId={userId} defaultValues={lookup} focusOnMount={step.returning} onSent={onSent} />
      ) : (
        <CodeStep
          email={lookup.email}
          relayNotice={step.relayNotice}
          // verify-code names the reservation it verified; the number the seller typed is the same one.
          onVerified={(reservationId) => onVerified(reservationId ?? lookup.confirmationNumber)}
          onBack={() => setStep({ name: 'initial', returning: true })}
        />
      )}
    </section>
  );
}
