import { randomUUID } from 'node:crypto';
import { TEST_ENTERPRISE_ID } from './test-hotel.ts';
import {
  PmsTransferError,
  type LookupHint,
  type Pms,
  type PmsGuest,
  type PmsLookup,
  type PmsReservation,
  type PmsTask,
  type KnownHotel,
} from '../../server/selling/pms/pms.ts';

const DAY_MS = 86_400_000;

/**
 * An in-memory hotel system behind the PMS port: reservations by confirmation number and by id, and a switch
 * that makes every call fail the way an unreachable PMS does (502 UPSTREAM_ERROR).
 */
export class PmsDouble implements Pms {
  private readonly byNumber = new Map<string, PmsReservation>();
  private readonly byId = new Map<string, PmsReservation>();
  failing = false;
  calls = 0;
  /** The hotel each lookup by confirmation number was told to ask first. */
  readonly hints: (LookupHint | undefined)[] = [];
  /** The tasks and notes put on reservations, and the error the next writes throw (null: they succeed). */
  readonly tasks: (PmsTask & { hotel: KnownHotel })[] = [];
  readonly notes: { hotel: KnownHotel; reservationId: string; text: string }[] = [];
  writeError: PmsTransferError | null = null;

  async addReservationTask(hotel: KnownHotel, task: PmsTask): Promise<void> {
    if (this.writeError) throw this.writeError;
    this.tasks.push({ ...task, hotel });
  }

  async addReservationNote(hotel: KnownHotel, reservationId: string, text: string): Promise<void> {
    if (this.writeError) throw this.writeError;
    this.notes.push({ hotel, reservationId, text });
  }

  add(reservation: PmsReservation): PmsReservation {
    this.byNumber.set(reservation.confirmationNumber, reservation);
    this.byId.set(reservation.externalId, reservation);
    return reservation;
  }

  /** Changes a stored reservation in place (e.g. the hotel cancels it). */
  update(confirmationNumber: string, changes: Partial<PmsReservation>): void {
    const current = this.byNumber.get(confirmationNumber);
    if (!current) throw new Error(`no reservation ${confirmationNumber}`);
    this.add({ ...current, ...changes });
  }

  async findByConfirmationNumber(confirmationNumber: string, hint?: LookupHint): Promise<PmsLookup> {
    this.hints.push(hint);
    return this.answer(this.byNumber.get(confirmationNumber));
  }

  async findByExternalId(externalId: string): Promise<PmsLookup> {
    return this.answer(this.byId.get(externalId));
  }

  /** Puts the reservation in the guest's name, as a hotel that accepts every owner change. */
  async transferToGuest(externalId: string, guest: PmsGuest): Promise<PmsReservation> {
    const lookup = this.answer(this.byId.get(externalId));
    if (lookup.kind === 'unknown') throw new PmsTransferError('unavailable', lookup.why);
    if (lookup.kind === 'gone') throw new PmsTransferError('refused', 'The hotel no longer has this reservation.');
    const transferred = { ...lookup.reservation, guest: { ...guest, isOtaRelay: false } };
    this.add(transferred);
    return structuredClone(transferred);
  }

  private answer(reservation: PmsReservation | undefined): PmsLookup {
    this.calls++;
    if (this.failing) return { kind: 'unknown', why: "the hotel's system did not answer" };
    return reservation ? { kind: 'found', reservation: structuredClone(reservation) } : { kind: 'gone' };
  }
}

/** A confirmed reservation in Lisbon, check-in `daysAhead` days after `now`, for two nights, 450.00 EUR paid. */
export function pmsReservation(
  overrides: Partial<PmsReservation> & { now?: Date; daysAhead?: number; email?: string | null } = {},
): PmsReservation {
  const { now = new Date(), daysAhead = 20, email = 'guest@example.com', ...fields } = overrides;
  const start = new Date(now.getTime() + daysAhead * DAY_MS);
  return {
    externalId: randomUUID(),
    confirmationNumber: `C${Math.floor(Math.random() * 1e9)}`,
    state: 'confirmed',
    startUtc: start,
    endUtc: new Date(start.getTime() + 2 * DAY_MS),
    guest: { email, isOtaRelay: false, firstName: 'Ana', lastName: 'Silva' },
    roomName: 'Double Deluxe, room 204',
    guests: 2,
    hotel: {
      enterpriseId: TEST_ENTERPRISE_ID,
      name: 'Hotel Tejo',
      addressLine: 'Rua Augusta 100',
      city: 'Lisbon',
      countryCode: 'PT',
      latitude: 38.7107,
      longitude: -9.1366,
      timeZone: 'Europe/Lisbon',
    },
    currency: 'EUR',
    amountPaidCents: 45_000,
    roomImageUrls: [],
    resale: { rateId: 'rate-flexible', roomTypeId: 'room-double', channels: ['direct'] },
    ...fields,
  };
}
