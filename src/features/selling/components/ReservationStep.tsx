import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { verifyCombinedRequestSchema, type ConnectedHotel } from '../../../../contract/selling.ts';
import { primaryButton } from '../../../components/ui/button-styles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useVerifyReservation, type VerificationSent } from '../api/verify-reservation.ts';
import { ErrorBox, fieldMessages } from './ErrorBox.tsx';
import { HotelPicker } from './HotelPicker.tsx';
import { fieldClass, labelClass } from './form-styles.ts';

export const STEP1_FAILED = 'Failed to initiate verification process';

const reservationSchema = verifyCombinedRequestSchema.pick({ confirmationNumber: true, email: true });
/** What step 1 asks, kept when the seller comes back from step 2: the hotel too, when they named it. */
export type ReservationLookup = z.output<typeof reservationSchema> & { hotel?: ConnectedHotel | null };

/**
 * The server's own words when it could not send a code for a reason the seller can act on: no such reservation
 * with that email (404), a reservation that may not be listed (409), a mistyped field (400), too many tries (429),
 * the hotel's system not answering, or Restay starting up or out of reach of its database (503: a calm sentence,
 * not a refusal).
 */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError && [400, 404, 409, 429, 503].includes(error.status ?? 0)) return error.message;
  return STEP1_FAILED;
}

type Props = {
  userId: string;
  defaultValues: ReservationLookup;
  /** True when the seller came back from step 2: focus returns to the first field. */
  focusOnMount: boolean;
  onSent: (lookup: ReservationLookup, sent: VerificationSent) => void;
};

/** Step 1: the confirmation number and the email on the reservation; a code is emailed to that address. */
export function ReservationStep({ userId, defaultValues, focusOnMount, onSent }: Props) {
  const form = useForm({ resolver: zodResolver(reservationSchema), defaultValues });
  const [hotel, setHotel] = useState<ConnectedHotel | null>(defaultValues.hotel ?? null);
  const verify = useVerifyReservation();
  const [failure, setFailure] = useState<string | null>(null);
  const { errors } = form.formState;

  useEffect(() => {
    if (focusOnMount) form.setFocus('confirmationNumber');
  }, [focusOnMount, form]);

  const onSubmit = form.handleSubmit((fields) => {
    setFailure(null);
    verify.mutate(
      { ...fields, hotelId: hotel?.id, userId },
      {
        // Step 1 succeeds unless the reply says success: false.
        onSuccess: (sent) => (sent.sent ? onSent({ ...fields, hotel }, sent) : setFailure(STEP1_FAILED)),
        onError: (error) => setFailure(failureMessage(error)),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="reservation-step-heading" className="space-y-5">
      <div>
        <h2 id="reservation-step-heading" className="text-xl font-semibold text-slate-900">
          Find your reservation
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Use the confirmation number from the hotel and the email address the reservation was made with. We send a
          6-digit code to that address to confirm the reservation is yours.
        </p>
      </div>
      <ErrorBox messages={[...fieldMessages(errors, ['confirmationNumber', 'email']), failure]} />
      <div>
        <label htmlFor="confirmation-number" className={labelClass}>
          Reservation ID / Confirmation Number
        </label>
        <input
          id="confirmation-number"
          type="text"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.confirmationNumber ? true : undefined}
          className={fieldClass}
          {...form.register('confirmationNumber')}
        />
      </div>
      <div>
        <label htmlFor="reservation-email" className={labelClass}>
          Email Address on Reservation
        </label>
        <input
          id="reservation-email"
          type="email"
          autoComplete="email"
          aria-invalid={errors.email ? true : undefined}
          className={fieldClass}
          {...form.register('email')}
        />
      </div>
      <HotelPicker value={hotel} onChange={setHotel} />
      <button type="submit" disabled={verify.isPending} className={`${primaryButton} w-full sm:w-auto`}>
        {verify.isPending ? 'Verifying...' : 'Verify Reservation'}
      </button>
    </form>
  );
}
