import type { PolicyCatalog, ResaleChannel } from '../../../contract/resale-policy.ts';

export type PmsReservationState =
  'confirmed' | 'started' | 'processed' | 'cancelled' | 'optional' | 'inquired' | 'requested';
export interface PmsReservation {
  externalId: string; // Mews reservation Id
  confirmationNumber: string; // Mews Number
  state: PmsReservationState;
  startUtc: Date;
  endUtc: Date; // ScheduledStartUtc / ScheduledEndUtc
  guest: { email: string | null; isOtaRelay: boolean; firstName: string | null; lastName: string | null };
  roomName: string | null; // category name (en-US or first) and room number when assigned, e.g. "Double Deluxe, room 204"
  guests: number | null; // everyone the reservation is for (Mews PersonCounts); null when the PMS does not say
  hotel: {
    /** The hotel's id in its system (Mews enterprise id): how Restay knows which connected hotel this is. */
    enterpriseId: string;
    name: string;
    addressLine: string | null;
    city: string | null;
    countryCode: string | null;
    latitude: number | null;
    longitude: number | null;
    timeZone: string | null;
  };
  currency: string; // ISO upper-case: the price's currency, else the enterprise default
  amountPaidCents: number | null; // sum of GrossValue of non-Canceled order items, in minor units; null when none
  roomImageUrls: string[]; // [] when the PMS gives none
  /** What the hotel's resale policy reads: the rate, the room type and how the booking reached the hotel. */
  resale: { rateId: string | null; roomTypeId: string | null; channels: ResaleChannel[] };
  /**
   * Why a cancelled reservation was cancelled, as the hotel's system records it (Mews `CancellationReason`, e.g.
   * `RequestedByGuest`, `ServiceNotAvailable`); absent or null when it says nothing.
   */
  cancellationReason?: string | null;
}

/**
 * What the hotel's system answers about one reservation. `gone`: every hotel that could hold it answered and
 * none has it. `unknown`: nobody could be asked or someone did not answer (the hotel holding it is known but
 * its token is unusable, or a hotel's system failed): it says nothing about the reservation, so a caller never
 * refunds, withdraws, pauses or cancels on it; it tries again later or tells the person to.
 */
export type PmsLookup =
  | { kind: 'found'; reservation: PmsReservation }
  | { kind: 'gone' }
  /** `hotelKeys`: the hotels (by directory key) that did not answer, when the adapter knows them. */
  | { kind: 'unknown'; why: string; hotelKeys?: readonly string[] };

/** The hotel Restay already knows holds a reservation (stored with it): asked alone, with its own token. */
export interface KnownHotel {
  enterpriseId: string;
}

/** The known hotel of a stored reservation row, if it has one recorded. */
export const knownHotelOf = (row: { enterprise_id: string | null }): KnownHotel | undefined =>
  row.enterprise_id ? { enterpriseId: row.enterprise_id } : undefined;
/** The guest a reservation is handed to: the buyer, by the names they gave at checkout and their email. */
export interface PmsGuest {
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * Why putting a reservation in someone else's name failed. `refused`: the hotel will not do it (the reservation
 * was cancelled or changed, the owner may not change, Restay's access was revoked): trying again cannot help.
 * `unavailable`: the hotel's system failed or did not answer (5xx, timeout): try again later. `rate_limited`: come back
 * after `retryAfterMs`.
 */
export class PmsTransferError extends Error {
  constructor(
    readonly kind: 'refused' | 'unavailable' | 'rate_limited',
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'PmsTransferError';
  }
}

/** A task for the hotel's staff on one reservation (Mews tasks/add): what to do, by when. */
export interface PmsTask {
  reservationId: string;
  name: string;
  description: string;
  deadline: Date;
}

/** The hotel's name-change fee to post to a reservation's bill: the item and the money Restay collected for it. */
export interface BillFee {
  /** Restay's order id: the item's and the payment's external identifier. */
  orderId: string;
  itemName: string;
  amountCents: number;
  /** ISO 4217, upper-case: the hotel's. */
  currency: string;
}

/** What a bill posting left at the hotel, step by step: a retry skips a step already done. */
export interface BillPosting {
  pmsOrderId: string | null;
  pmsPaymentId: string | null;
}

/**
 * Why posting a fee to a bill stopped. `not_granted`: the hotel has not granted Restay these calls (401/403).
 * `refused`: the hotel said no otherwise (400, 404, 409). `unavailable`: no answer, 408 or 5xx: the write may or
 * may not have been made (`inDoubt` when the call that failed was a write). `rate_limited`: come back after
 * `retryAfterMs`. `done` carries what was posted so far.
 */
export class PmsBillError extends Error {
  constructor(
    readonly kind: 'not_granted' | 'refused' | 'unavailable' | 'rate_limited',
    message: string,
    readonly done: BillPosting,
    readonly retryAfterMs: number | null = null,
    readonly inDoubt = false,
  ) {
    super(message);
    this.name = 'PmsBillError';
  }
}

/** A connected hotel named by the key the hotel directory knows it by (a hash of its access token). */
export interface LookupHint {
  hotelKey: string;
}

/** What one round of syncing the hotel directory did. */
export interface DirectorySyncResult {
  /** Hotels whose reservations were read this round (the others were synced by another instance, or failed). */
  hotels: number;
  /** Confirmation numbers remembered. */
  reservations: number;
  failed: number;
}

export interface Pms {
  /**
   * One reservation by confirmation number (Mews `Numbers`). `hint` names the hotel the seller says holds it:
   * asked first, then the others as without it (a wrong hint costs time, never the reservation).
   */
  findByConfirmationNumber(confirmationNumber: string, hint?: LookupHint): Promise<PmsLookup>;
  /**
   * Re-read by the PMS's reservation id (e.g. before payment). `hotel`, when Restay stored it, is asked alone
   * whatever its standing with Restay (connected, suspended, pending): its token unusable is `unknown`.
   */
  findByExternalId(externalId: string, hotel?: KnownHotel): Promise<PmsLookup>;
  /**
   * The write side: makes `guest` the reservation's owner (found as a customer by email, else added), then
   * reads the reservation back and answers it once it names the guest. Safe to repeat: a reservation already
   * in the guest's name is answered as it is. Throws PmsTransferError: `refused` only on what the hotel said
   * (the reservation gone or not confirmed, the write refused), `unavailable` whenever the reservation cannot be
   * read (an `unknown` lookup).
   */
  transferToGuest(externalId: string, guest: PmsGuest, hotel?: KnownHotel): Promise<PmsReservation>;
  /**
   * Learns which connected hotel holds each reservation, ahead of any import, so that finding one by its
   * confirmation number asks one hotel instead of all of them. Run periodically; a PMS with one hotel has
   * nothing to learn and leaves it out.
   */
  syncDirectory?(now: Date, signal?: AbortSignal): Promise<DirectorySyncResult>;
  /**
   * Learns which hotel holds reservations the hotel has just told us about (its webhook names their ids, not
   * their numbers): reads them from that hotel and remembers their confirmation numbers, so that importing one
   * booked a moment ago asks one hotel. Answers how many were remembered.
   */
  learnReservations?(hotelKey: string, reservationIds: readonly string[]): Promise<number>;
  /** The hotel (enterprise) an access token opens, and its chain: how a hotel joining is named. */
  enterpriseOf?(accessToken: string): Promise<{ id: string; name: string; chainId: string | null }>;
  /**
   * The connected hotel's rates (with their rate group) and room types, named as the hotel names them, for the
   * hotel console's resale policy: asked of that hotel's system alone, named by its key (`hotels.token_key`).
   * UPSTREAM_ERROR when the hotel's system does not answer or the hotel is not connected.
   */
  readResaleCatalog?(hotelKey: string): Promise<PolicyCatalog>;
  /**
   * Puts a task on the reservation for the hotel's staff, in their own system. Throws PmsTransferError (its
   * kinds say whether trying again can help); run by jobs, never on a person's request.
   */
  addReservationTask?(hotel: KnownHotel, task: PmsTask): Promise<void>;
  /** Adds a note to the reservation's record at the hotel. Throws PmsTransferError as addReservationTask. */
  addReservationNote?(hotel: KnownHotel, reservationId: string, text: string): Promise<void>;
  /**
   * Posts the fee to the reservation's bill: an order item linked to the reservation, charged to its owner, then
   * the money Restay collected as an external payment (Mews orders/add, payments/addExternal), each identified by
   * Restay's order id. `done` says which steps an earlier attempt made, which are not made again. Throws
   * PmsBillError.
   */
  postFeeToBill?(externalId: string, hotel: KnownHotel, fee: BillFee, done: BillPosting): Promise<BillPosting>;
}
