import type { ResaleChannel } from '../../contract/resale-policy.ts';
import { AppError } from '../http/errors.ts';
import type { PolicyReason, ResaleFacts } from './verdict.ts';

/** The stored reservation's columns a policy reads (migration 0075), as a listing query selects them. */
export interface StoredResaleFacts {
  rate_id: string | null;
  room_type_id: string | null;
  channels: ResaleChannel[];
  start_utc: Date;
  end_utc: Date;
  time_zone: string;
  currency: string;
  amount_paid_cents: number | null;
}

/** The StoredResaleFacts columns, as a query joining a listing to its reservation selects them. */
export const STORED_FACT_COLUMNS = [
  'reservations.rate_id',
  'reservations.room_type_id',
  'reservations.channels',
  'reservations.start_utc',
  'reservations.end_utc',
  'reservations.time_zone',
  'reservations.currency',
  'reservations.amount_paid_cents',
] as const;

/** The facts of a stored reservation, with its listing's asking price when there is one. */
export function storedFacts(row: StoredResaleFacts, askingPriceCents?: number): ResaleFacts {
  return {
    rateId: row.rate_id,
    roomTypeId: row.room_type_id,
    channels: row.channels,
    startUtc: row.start_utc,
    endUtc: row.end_utc,
    timeZone: row.time_zone,
    currency: row.currency,
    amountPaidCents: row.amount_paid_cents,
    askingPriceCents,
  };
}

/**
 * 409 CONFLICT naming every rule of the hotel's the resale breaks, each one sentence for the seller or buyer
 * (`details.reason` is `hotel_policy`, `details.reasons` the sentences).
 */
export function hotelPolicyRefusal(reasons: PolicyReason[], addendum = ''): AppError {
  const sentences = reasons.map((reason) => reason.message);
  const message = [...sentences, addendum].filter(Boolean).join(' ');
  return new AppError('CONFLICT', message, { reason: 'hotel_policy', reasons: sentences });
}

/** What a hotel-paused listing's seller reads: every reason, one after another. */
export const pauseReasonText = (reasons: PolicyReason[]) => reasons.map((reason) => reason.message).join(' ');
