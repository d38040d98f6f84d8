import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESALE_CHANNELS, type ResaleChannel, type ResalePolicy } from '../../contract/resale-policy.ts';
import { NO_NAME_CHANGE_FEE, NOTHING_AT_THE_DESK } from '../../contract/hotel-fee.ts';
import type { PmsReservation } from '../../server/selling/pms/pms.ts';
import { policyVerdict, type ResaleFacts } from '../../server/resale-policy/verdict.ts';
import { checkoutBody, startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { pmsReservation } from '../helpers/pms-double.ts';
import { hotelIdOf, TEST_ENTERPRISE_ID } from '../helpers/test-hotel.ts';

const HOUR_MS = 3_600_000;
const TIME_ZONE = 'Europe/Lisbon';
const RATES = ['rate-a', 'rate-b', 'rate-c'];
const ROOMS = ['room-a', 'room-b'];
const day = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );

const nextDay = (isoDay: string) =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) + 24 * HOUR_MS).toISOString().slice(0, 10);

/**
 * The policy read plainly, as a hotel would read its own form, written apart from the product's verdict: every
 * channel of the booking ticked, its rate and room type ticked (or all), check-in at least the cut-off away,
 * no night of the stay inside a blackout (walking the nights one by one), and the asking price within the cap.
 */
function plainlyAllowed(policy: ResalePolicy, facts: ResaleFacts, now: Date): boolean {
  if (!policy.resaleEnabled) return false;
  if (!facts.channels.every((channel) => policy.channels.includes(channel))) return false;
  if (policy.rates !== 'all' && !policy.rates.some((rate) => rate.id === facts.rateId)) return false;
  if (policy.roomTypes !== 'all' && !policy.roomTypes.some((room) => room.id === facts.roomTypeId)) return false;
  if (facts.startUtc.getTime() - now.getTime() < policy.cutOffHours * HOUR_MS) return false;
  // Calendar days at the hotel, one by one: a day is not always 24 hours there (a clock change makes one 23).
  const nights: string[] = [];
  for (let night = day(facts.startUtc); night < day(facts.endUtc); night = nextDay(night)) nights.push(night);
  if (!nights.length) nights.push(day(facts.startUtc));
  if (nights.some((night) => policy.blackouts.some((range) => range.from <= night && night <= range.to))) return false;
  if (facts.askingPriceCents !== undefined && facts.amountPaidCents !== null)
    return facts.askingPriceCents * 100 <= facts.amountPaidCents * policy.priceCapPercent;
  return true;
}

const NOW = new Date('2031-03-01T12:00:00Z');
const isoDay = (offsetDays: number) => new Date(NOW.getTime() + offsetDays * 24 * HOUR_MS).toISOString().slice(0, 10);

const subsetOf = <T>(items: readonly T[]) => fc.subarray([...items]);
const selection = (ids: string[]) =>
  fc.oneof(
    fc.constant('all' as const),
    subsetOf(ids).map((chosen) => chosen.map((id) => ({ id, name: id.toUpperCase() }))),
  );
const policyArb: fc.Arbitrary<ResalePolicy> = fc.record({
  // Mostly on: a policy that is off refuses everything and teaches little.
  resaleEnabled: fc.constantFrom(true, true, true, false),
  rates: selection(RATES),
  roomTypes: selection(ROOMS),
  channels: subsetOf(RESALE_CHANNELS),
  cutOffHours: fc.integer({ min: 0, max: 24 * 20 }),
  blackouts: fc.array(
    fc
      .tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 6 }))
      .map(([from, length]) => ({ from: isoDay(from), to: isoDay(from + length) })),
    { maxLength: 2 },
  ),
  priceCapPercent: fc.integer({ min: 1, max: 100 }),
  nameChangeFee: fc.constant(NO_NAME_CHANGE_FEE),
  deskCharges: fc.constant(NOTHING_AT_THE_DESK),
});
const factsArb = fc.record({
  channels: fc.oneof(
    fc.constant(['direct'] as ResaleChannel[]),
    subsetOf(RESALE_CHANNELS.filter((c) => c !== 'direct')).filter((c) => c.length > 0),
  ),
  rateId: fc.constantFrom(...RATES),
  roomTypeId: fc.constantFrom(...ROOMS),
  startInHours: fc.integer({ min: 2, max: 24 * 30 }),
  nights: fc.integer({ min: 1, max: 5 }),
  /** The asking price as a share (1..100%) of the 450.00 paid. */
  priceShare: fc.integer({ min: 1, max: 100 }),
});
type FactsDraw = typeof factsArb extends fc.Arbitrary<infer T> ? T : never;

function factsOf(draw: FactsDraw): ResaleFacts & { askingPriceCents: number } {
  const startUtc = new Date(NOW.getTime() + draw.startInHours * HOUR_MS);
  return {
    rateId: draw.rateId,
    roomTypeId: draw.roomTypeId,
    channels: draw.channels,
    startUtc,
    endUtc: new Date(startUtc.getTime() + draw.nights * 24 * HOUR_MS),
    timeZone: TIME_ZONE,
    currency: 'EUR',
    amountPaidCents: 45_000,
    askingPriceCents: Math.floor((45_000 * draw.priceShare) / 100),
  };
}

describe('the verdict', () => {
  it('agrees with a plain reading of the policy, for any policy and reservation', () => {
    const standing = (policy: ResalePolicy) => ({
      name: 'Hotel Tejo',
      status: 'connected' as const,
      paused: false,
      policy,
    });
    fc.assert(
      fc.property(policyArb, factsArb, fc.boolean(), (policy, draw, priced) => {
        const facts = factsOf(draw);
        const asked = priced ? facts : { ...facts, askingPriceCents: undefined };
        expect(policyVerdict(standing(policy), asked, NOW).length === 0).toBe(plainlyAllowed(policy, asked, NOW));
      }),
      {
        numRuns: 500,
        examples: [
          // Across Lisbon's clock change (Mar 30, 2031, a 23-hour day): the 30th is a night of this stay.
          [
            {
              resaleEnabled: true,
              rates: 'all',
              roomTypes: [{ id: 'room-b', name: 'ROOM-B' }],
              channels: ['direct'],
              cutOffHours: 0,
              blackouts: [{ from: '2031-03-30', to: '2031-03-30' }],
              priceCapPercent: 1,
              nameChangeFee: NO_NAME_CHANGE_FEE,
              deskCharges: NOTHING_AT_THE_DESK,
            },
            {
              channels: ['direct'],
              rateId: 'rate-a',
              roomTypeId: 'room-b',
              startInHours: 611,
              nights: 4,
              priceShare: 1,
            },
            false,
          ],
        ],
      },
    );
  });
});

describe('at import, at listing and at checkout', () => {
  let fx: BuyingFixture;
  let hotelId: string;
  let adminId: string;
  let version = 1;
  beforeAll(async () => {
    fx = await startBuyingServer();
    fx.clock.advance(NOW.getTime() - fx.clock().getTime());
    hotelId = await hotelIdOf(fx.server.database.db);
    adminId = (
      await fx.server.database.db
        .selectFrom('hotel_members')
        .select('user_id')
        .where('hotel_id', '=', hotelId)
        .executeTakeFirstOrThrow()
    ).user_id;
  });
  afterAll(() => fx.close());

  /** Makes `policy` live as the next version, without the sweep: each step must read it by itself. */
  const goLive = (policy: ResalePolicy) =>
    fx.server.database.db
      .insertInto('hotel_policy_versions')
      .values({
        hotel_id: hotelId,
        version: ++version,
        policy: JSON.stringify(policy),
        published_by: adminId,
        published_at: fx.clock(),
      })
      .execute();

  const refusedByHotel = (reply: { status: number; body: any }) =>
    reply.status === 409 && reply.body.details?.reason === 'hotel_policy';

  it('each step refuses exactly what the live policy, read plainly, does not allow', async () => {
    await fc.assert(
      fc.asyncProperty(policyArb, policyArb, factsArb, async (atImport, atCheckout, draw) => {
        await fx.server.database.db.deleteFrom('rate_limits').execute();
        const facts = factsOf(draw);
        const seller = await fx.user();
        const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
        const base = pmsReservation({ now: NOW, email });
        const reservation: PmsReservation = {
          ...base,
          startUtc: facts.startUtc,
          endUtc: facts.endUtc,
          hotel: { ...base.hotel, enterpriseId: TEST_ENTERPRISE_ID, timeZone: TIME_ZONE },
          resale: { rateId: facts.rateId, roomTypeId: facts.roomTypeId, channels: [...facts.channels] },
        };
        fx.pms.reservations.set(reservation.externalId, reservation);

        await goLive(atImport);
        const imported = await fx.postJson(
          '/api/reservations/verify-combined',
          { confirmationNumber: reservation.confirmationNumber, email },
          seller.auth,
        );
        const importAllowed = plainlyAllowed(atImport, { ...facts, askingPriceCents: undefined }, NOW);
        expect(refusedByHotel(imported)).toBe(!importAllowed);
        if (!importAllowed) return;
        expect(imported.status).toBe(200);

        const code = /code is (\d{6})/.exec(fx.mailer.sent.filter((m) => m.to === email).at(-1)?.text ?? '')?.[1];
        expect((await fx.postJson('/api/reservations/verify-code', { email, code }, seller.auth)).status).toBe(200);
        const listed = await fx.postJson(
          '/api/listings',
          { mewsReservationId: reservation.externalId, listingPrice: facts.askingPriceCents / 100, title: 'A room' },
          seller.auth,
        );
        const listingAllowed = plainlyAllowed(atImport, facts, NOW);
        expect(refusedByHotel(listed)).toBe(!listingAllowed);
        if (!listingAllowed) return;
        expect(listed.status).toBe(201);

        await goLive(atCheckout);
        const buyer = await fx.user();
        const bought = await fx.postJson(
          '/api/payment/create-checkout-session',
          checkoutBody(listed.body.data.id),
          buyer.auth,
        );
        expect(refusedByHotel(bought)).toBe(!plainlyAllowed(atCheckout, facts, NOW));
      }),
      { numRuns: 30 },
    );
  });
});
