import { randomUUID } from 'node:crypto';
import { TEST_ENTERPRISE_ID } from './test-hotel.ts';
import type { Selectable } from 'kysely';
import { pino } from 'pino';
import type { PayoutRelease } from '../../contract/payouts.ts';
import type { Database } from '../../server/db/schema.ts';
import type { MailMessage, Mailer } from '../../server/mail/mailer.ts';
import type { BuyingDeps } from '../../server/payments/deps.ts';
import type { WebhookEndpoint } from '../../server/payments/stripe/payments.ts';
import {
  PmsTransferError,
  type BillFee,
  type BillPosting,
  type PmsBillError,
  type KnownHotel,
  type Pms,
  type PmsGuest,
  type PmsLookup,
  type PmsReservation,
} from '../../server/selling/pms/pms.ts';
import type { HotelTokenSource } from '../../server/selling/pms/hotel-token-source.ts';
import { insertListing, insertProfile } from './factories.ts';
import { PaymentsDouble } from './payments-double.ts';
import { PROJECT_AUTH_ENV, projectToken } from './project-tokens.ts';
import { TEST_PUBLIC_URL } from './supabase-client.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** The hotel's system for buying tests: reservations by external id, as the test says they are now. */
export class BuyingPmsDouble implements Pms {
  readonly reservations = new Map<string, PmsReservation>();

  async findByConfirmationNumber(confirmationNumber: string): Promise<PmsLookup> {
    const reservation = [...this.reservations.values()].find((r) => r.confirmationNumber === confirmationNumber);
    return reservation ? { kind: 'found', reservation } : { kind: 'gone' };
  }

  /** While true, every read of a reservation fails as a hotel outage does. */
  unreachable = false;
  /**
   * Where the hotels' tokens come from, as the real adapter takes them (server/hotels/hotel-tokens.ts); unset,
   * every hotel can always be asked. Set, a reservation's hotel is asked as the adapter would ask it: the known
   * hotel's token unusable is `unknown`, and without the known hotel only the searchable tokens are asked.
   */
  tokens: HotelTokenSource | null = null;
  /** Tokens the hotel's system itself refuses (Mews 401: the integration disabled at Mews). */
  readonly refusedTokens = new Set<string>();

  async findByExternalId(externalId: string, hotel?: KnownHotel): Promise<PmsLookup> {
    const why = await this.whyUnreadable(externalId, hotel);
    if (why === 'not searched') return { kind: 'gone' };
    if (why) return { kind: 'unknown', why };
    const reservation = this.reservations.get(externalId);
    return reservation ? { kind: 'found', reservation } : { kind: 'gone' };
  }

  private async whyUnreadable(externalId: string, hotel: KnownHotel | undefined): Promise<string | null> {
    if (this.unreachable) return 'the hotel is not answering';
    const held = this.reservations.get(externalId);
    if (!this.tokens || !held) return null;
    const token = await this.tokens.ofHotel(hotel ?? { enterpriseId: held.hotel.enterpriseId });
    if (token.kind === 'unusable') return token.why;
    if (token.kind === 'not_a_known_hotel') return 'not searched';
    if (this.refusedTokens.has(token.token)) return 'the hotel refused our access token (401)';
    if (!hotel && !(await this.tokens.searchable()).includes(token.token)) return 'not searched';
    return null;
  }

  /** What the hotel's webhook made Restay read into its hotel directory: hotel key and reservation ids. */
  readonly learned: { hotelKey: string; reservationIds: readonly string[] }[] = [];

  async learnReservations(hotelKey: string, reservationIds: readonly string[]) {
    this.learned.push({ hotelKey, reservationIds });
    return reservationIds.length;
  }

  /** The notes put on reservations (after a transfer), and the error the next ones meet (null: accepted). */
  readonly notes: { reservationId: string; text: string }[] = [];
  noteError: PmsTransferError | null = null;

  async addReservationNote(_hotel: KnownHotel, reservationId: string, text: string) {
    if (this.noteError) throw this.noteError;
    this.notes.push({ reservationId, text });
  }

  /** Failures the next transfers of a reservation meet, in order, before the hotel accepts. */
  readonly transferFailures = new Map<string, PmsTransferError[]>();
  /** Reservations whose next transfer is made at the hotel but whose reply is lost (a timeout after the write). */
  readonly lostReplies = new Set<string>();
  readonly transfers: { externalId: string; guest: PmsGuest }[] = [];
  /** Fees posted to reservations' bills; `billFailures` are met first, in order, by the next postings. */
  readonly billPostings: { externalId: string; fee: BillFee }[] = [];
  readonly billFailures: PmsBillError[] = [];

  async postFeeToBill(externalId: string, _hotel: KnownHotel, fee: BillFee, done: BillPosting) {
    const failure = this.billFailures.shift();
    if (failure) throw failure;
    this.billPostings.push({ externalId, fee });
    return { pmsOrderId: done.pmsOrderId ?? `order-${fee.orderId}`, pmsPaymentId: `payment-${fee.orderId}` };
  }

  async transferToGuest(externalId: string, guest: PmsGuest, hotel?: KnownHotel) {
    const failure = this.transferFailures.get(externalId)?.shift();
    if (failure) throw failure;
    const lookup = await this.findByExternalId(externalId, hotel);
    if (lookup.kind === 'unknown') throw new PmsTransferError('unavailable', lookup.why);
    const current = lookup.kind === 'found' ? lookup.reservation : undefined;
    if (!current || current.state !== 'confirmed') throw new PmsTransferError('refused', 'not transferable');
    this.transfers.push({ externalId, guest });
    const transferred = { ...current, guest: { ...guest, isOtaRelay: false } };
    this.reservations.set(externalId, transferred);
    if (this.lostReplies.delete(externalId)) throw new PmsTransferError('unavailable', 'the reply was lost');
    return transferred;
  }
}

export class RecordingMailer implements Mailer {
  readonly kind = 'dev-mailbox' as const;
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
}

/** Where the fixture's hotel is: its reservations' time zone, so the hotel's own day and month. */
export const TEST_HOTEL_TIME_ZONE = 'Europe/Lisbon';

/** A settable domain clock starting now. */
export function testClock(start = new Date()) {
  let now = start;
  const clock = () => now;
  return Object.assign(clock, {
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  });
}

export interface BuyingFixture {
  server: TestServer;
  payments: PaymentsDouble;
  pms: BuyingPmsDouble;
  mailer: RecordingMailer;
  clock: ReturnType<typeof testClock>;
  /** The same dependencies the app's buying routes use, for running the payment worker in tests. */
  deps: BuyingDeps;
  /** A signed-in user with a profile: their id and Authorization header. */
  user(fields?: {
    email?: string;
    firstName?: string;
  }): Promise<{ id: string; email: string; auth: Record<string, string> }>;
  /**
   * Makes a listing's reservation one imported from Mews (the provider hotel changes are read for) and in
   * `guestEmail`'s name at the hotel and in Restay. Answers its ids.
   */
  asMewsStayOf(listingId: string, guestEmail: string): Promise<{ reservationId: string; externalId: string }>;
  /** A listing whose reservation the PMS knows as confirmed, with the same dates. */
  listStay(sellerId: string, fields?: Parameters<typeof insertListing>[2]): Promise<string>;
  /** The reservation behind a listing, as the PMS holds it (change it to simulate the hotel). */
  reservationOf(listingId: string): Promise<PmsReservation>;
  /** When payouts are released (PAYOUT_RELEASE) for the app and the fixture's worker from now on, e.g. per run. */
  setPayoutRelease(release: PayoutRelease): void;
  /** Moves the clock to just after the listing's check-in. */
  passCheckIn(listingId: string): Promise<void>;
  postJson(path: string, body: unknown, auth?: Record<string, string>): ReturnType<TestServer['request']>;
  /** A fresh stay of the seller (with `fields`, e.g. its price and currency) held by a fresh buyer: the session the buyer is paying on. */
  heldStay(
    sellerId: string,
    fields?: Parameters<typeof insertListing>[2],
  ): Promise<{
    buyer: Awaited<ReturnType<BuyingFixture['user']>>;
    listingId: string;
    sessionId: string;
    orderId: string;
  }>;
  /** Posts a signed event to the endpoint it was signed for (the platform's by default). */
  deliver(event: { payload: string; signature: string; endpoint?: WebhookEndpoint }): ReturnType<TestServer['request']>;
  /** Another API instance with the same clock, provider, hotel and mailer, on `database` (a restart, a second node). */
  instance(database: TestServer['database'], env?: Record<string, string>): Promise<TestServer>;
  /** The order's row, and its payout's, as stored now. */
  orderRow(orderId: string): Promise<Selectable<Database['orders']>>;
  payoutRow(orderId: string): Promise<Selectable<Database['payouts']>>;
  close(): Promise<void>;
}

export async function startBuyingServer(): Promise<BuyingFixture> {
  const clock = testClock();
  const payments = new PaymentsDouble(clock);
  const pms = new BuyingPmsDouble();
  const mailer = new RecordingMailer();
  const server = await startTestServer({
    clock,
    env: { PUBLIC_URL: TEST_PUBLIC_URL, ...PROJECT_AUTH_ENV },
    adapters: { payments, pms, mailer },
  });
  const { db } = server.database;
  const deps: BuyingDeps = {
    db,
    clock,
    payments,
    pms,
    mailer,
    publicUrl: TEST_PUBLIC_URL,
    appOrigins: server.config.appOrigins,
    payouts: server.config.payouts,
    settlementCurrency: server.config.settlementCurrency,
    logger: pino({ level: 'silent' }),
  };
  const externalIdOf = async (listingId: string) =>
    db
      .selectFrom('listings')
      .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
      .select([
        'reservations.external_id',
        'reservations.confirmation_number',
        'listings.start_utc',
        'listings.end_utc',
      ])
      .where('listings.id', '=', listingId)
      .executeTakeFirstOrThrow();

  const fixture: BuyingFixture = {
    server,
    payments,
    pms,
    mailer,
    clock,
    deps,
    async user(fields = {}) {
      const email = fields.email ?? `${randomUUID().slice(0, 8)}@example.com`;
      const id = await insertProfile(db, { email, firstName: fields.firstName });
      return { id, email, auth: { Authorization: `Bearer ${await projectToken(id, email)}` } };
    },
    setPayoutRelease(release) {
      // The app's buying dependencies and `deps` share the configuration's one payout policy.
      server.config.payouts.release = release;
    },
    async asMewsStayOf(listingId, guestEmail) {
      const row = await db
        .selectFrom('listings')
        .innerJoin('reservations', 'reservations.id', 'listings.reservation_id')
        .select(['reservations.id', 'reservations.external_id'])
        .where('listings.id', '=', listingId)
        .executeTakeFirstOrThrow();
      await db
        .updateTable('reservations')
        .set({ provider: 'mews', guest_email: guestEmail })
        .where('id', '=', row.id)
        .execute();
      const atHotel = pms.reservations.get(row.external_id)!;
      pms.reservations.set(row.external_id, { ...atHotel, guest: { ...atHotel.guest, email: guestEmail } });
      return { reservationId: row.id, externalId: row.external_id };
    },
    async passCheckIn(listingId) {
      const { start_utc } = await externalIdOf(listingId);
      clock.advance(start_utc.getTime() - clock().getTime() + 1);
    },
    async listStay(sellerId, fields = {}) {
      const listingId = await insertListing(db, sellerId, { now: clock(), ...fields });
      const row = await externalIdOf(listingId);
      pms.reservations.set(row.external_id, {
        externalId: row.external_id,
        confirmationNumber: row.confirmation_number,
        state: 'confirmed',
        startUtc: row.start_utc,
        endUtc: row.end_utc,
        guest: { email: null, isOtaRelay: false, firstName: null, lastName: null },
        roomName: null,
        guests: null,
        hotel: {
          enterpriseId: TEST_ENTERPRISE_ID,
          name: 'Hotel Test',
          addressLine: 'Rua Augusta 1',
          city: 'Lisbon',
          countryCode: 'PT',
          latitude: null,
          longitude: null,
          timeZone: TEST_HOTEL_TIME_ZONE,
        },
        currency: 'USD',
        amountPaidCents: null,
        roomImageUrls: [],
        resale: { rateId: null, roomTypeId: null, channels: ['direct'] },
      });
      return listingId;
    },
    async reservationOf(listingId) {
      const reservation = pms.reservations.get((await externalIdOf(listingId)).external_id);
      if (!reservation) throw new Error(`the PMS has no reservation for listing ${listingId}`);
      return reservation;
    },
    postJson(path, body, auth = {}) {
      return server.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...auth },
        body: JSON.stringify(body),
      });
    },
    async heldStay(sellerId, fields) {
      const buyer = await fixture.user();
      const listingId = await fixture.listStay(sellerId, fields);
      const { status, body } = await fixture.postJson(
        '/api/payment/create-checkout-session',
        checkoutBody(listingId),
        buyer.auth,
      );
      if (status !== 200) throw new Error(`checkout answered ${status}: ${JSON.stringify(body)}`);
      return { buyer, listingId, sessionId: body.data.sessionId as string, orderId: body.data.orderId as string };
    },
    deliver(event) {
      const path = event.endpoint === 'connect' ? '/api/payment/connect-webhook' : '/api/payment/webhook';
      return server.request(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': event.signature },
        body: event.payload,
      });
    },
    instance: (database, env = {}) =>
      startTestServer({
        clock,
        env: { PUBLIC_URL: TEST_PUBLIC_URL, ...PROJECT_AUTH_ENV, ...env },
        adapters: { payments, pms, mailer },
        database,
      }),
    orderRow: (orderId) => db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow(),
    payoutRow: (orderId) =>
      db.selectFrom('payouts').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow(),
    close: () => server.close(),
  };
  return fixture;
}

/** The checkout request the SPA sends for a listing. */
export function checkoutBody(listingId: string, fields: Record<string, unknown> = {}) {
  return {
    listingId,
    successUrl: `${TEST_PUBLIC_URL}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${TEST_PUBLIC_URL}/payment/cancel`,
    guestFirstName: 'Erika',
    guestLastName: 'Mustermann',
    ...fields,
  };
}
