export type PmsReservationState = 'confirmed' | 'started' | 'processed' | 'cancelled' | 'optional' | 'inquired' | 'requested';
export interface PmsReservation {
  externalId: string;            // Mews reservation Id
  confirmationNumber: string;    // Mews Number
  state: PmsReservationState;
  startUtc: Date; endUtc: Date;  // ScheduledStartUtc / ScheduledEndUtc
  guest: { email: string | null; isOtaRelay: boolean; firstName: string | null; lastName: string | null };
  roomName: string | null;       // category name (en-US or first) and room number when assigned, e.g. "Double Deluxe, room 204"
  hotel: { name: string; addressLine: string | null; city: string | null; countryCode: string | null;
           latitude: number | null; longitude: number | null; timeZone: string | null };
  currency: string;              // ISO upper-case: the price's currency, else the enterprise default
  amountPaidCents: number | null; // sum of GrossValue of non-Canceled order items, in minor units; null when none
  roomImageUrls: string[];       // [] when the PMS gives none
}
export interface Pms {
  /** One reservation by confirmation number (Mews `Numbers`), or null. */
  findByConfirmationNumber(confirmationNumber: string): Promise<PmsReservation | null>;
  /** Re-read by the PMS's reservation id (e.g. before payment), or null. */
  findByExternalId(externalId: string): Promise<PmsReservation | null>;
}
