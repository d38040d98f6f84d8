import type { MailMessage } from '../mail/mailer.ts';
import type { PmsReservation } from './pms/pms.ts';
import { CODE_LIFETIME_MS } from './verification-code.ts';

/** A stay date as the hotel's guests read it: the calendar day in the hotel's own time zone when known. */
function stayDate(date: Date, timeZone: string | null): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' };
  try {
    return date.toLocaleDateString('en-US', { ...options, timeZone: timeZone ?? 'UTC' });
  } catch {
    // A time zone name the runtime does not know: the UTC day is the best remaining guess.
    return date.toLocaleDateString('en-US', { ...options, timeZone: 'UTC' });
  }
}

/** The email carrying the code, sent to the address the hotel has on the reservation. */
export function verificationEmail(to: string, code: string, reservation: PmsReservation): MailMessage {
  const { hotel } = reservation;
  const place = [hotel.name, hotel.city].filter(Boolean).join(', ');
  const minutes = CODE_LIFETIME_MS / 60_000;
  return {
    to,
    subject: 'Your Restay verification code',
    text: [
      `Your Restay verification code is ${code}`,
      '',
      'Enter it on Restay to confirm that this reservation is yours:',
      `  ${place}`,
      `  Check-in ${stayDate(reservation.startUtc, hotel.timeZone)}, check-out ${stayDate(reservation.endUtc, hotel.timeZone)}`,
      `  Confirmation number ${reservation.confirmationNumber}`,
      '',
      `The code expires in ${minutes} minutes and works once.`,
      '',
      "If this wasn't you, ignore this email: nothing happens to the reservation without the code.",
    ].join('\n'),
  };
}
