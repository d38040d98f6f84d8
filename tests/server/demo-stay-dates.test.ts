import { describe, expect, it } from 'vitest';
import { hotelDate } from '../../server/listings/stay-dates.ts';
import { toListingDto } from '../../server/listings/listing-dto.ts';
import { countNights, describeStayDates } from '../../server/listings/stay-format.ts';
import { marketplaceDemoPmsRows } from '../../server/standins/demo/demo-marketplace-rows.ts';
import { buildDemoRows } from '../../server/standins/demo/seed.ts';
import { formatStayDate } from '../../src/lib/format.ts';
import { stayDates } from '../../src/lib/listing-dates.ts';
import { stayNights } from '../../src/lib/pricing.ts';

/**
 * Every demo stay reads the same days wherever a person sees it. The card, the stay's page, the Pay Now panel,
 * the confirmation and My Stays draw its dates with the SPA's `stayDates` from the listing the API sends; the
 * hosted checkout and the emails with the server's `describeStayDates`; the handover (My Stays once in the
 * buyer's name, the "in your name" email) with `hotelDate` of the demo hotel's own reservation. All three must
 * agree, on the days and the nights, for every stay, in winter and in summer (daylight saving moves the hours).
 */
const NOWS = ['2026-01-15T09:00:00Z', '2026-07-01T23:30:00Z', '2026-10-20T04:00:00Z'].map((iso) => new Date(iso));

describe.each(NOWS)('the demo stays seeded at %s', (now) => {
  const rows = buildDemoRows(now);
  const pms = marketplaceDemoPmsRows(rows);
  const reservationOf = new Map(rows.reservations.map((reservation) => [reservation.id, reservation]));

  it.each(rows.listings.map((listing) => [listing.title, listing.hotel_name, listing] as const))(
    '%s at %s: the same days on every page, the checkout and the emails',
    (_title, _hotel, listing) => {
      const start = new Date(listing.start_utc as Date);
      const end = new Date(listing.end_utc as Date);
      const timeZone = listing.time_zone!;
      const reservation = reservationOf.get(listing.reservation_id)!;
      expect(reservation.time_zone).toBe(timeZone);

      // What the SPA shows: the API's listing, read through stayDates.
      const dto = toListingDto(
        {
          ...(listing as Required<typeof listing>),
          start_utc: start,
          end_utc: end,
          created_at: new Date(listing.created_at as Date),
          first_name: null,
        },
        null,
      );
      const shown = stayDates(dto);
      // The days the server sends are the days the SPA works out from the instants and the zone.
      expect(stayDates({ ...dto, stay_days: undefined })).toEqual(shown);
      // What the checkout and the emails say, and what the handover records from the hotel's reservation.
      const atHotel = pms.reservations.find((row) => row.id === reservation.external_id)!;
      const enterprise = pms.enterprises.find((row) => row.id === atHotel.enterprise_id)!;
      expect(enterprise.time_zone).toBe(timeZone);
      const handedOver = {
        checkIn: hotelDate(new Date(atHotel.scheduled_start_utc as Date), enterprise.time_zone),
        checkOut: hotelDate(new Date(atHotel.scheduled_end_utc as Date), enterprise.time_zone),
      };

      expect(shown).toEqual({ start: handedOver.checkIn, end: handedOver.checkOut });
      expect(shown).toEqual({ start: hotelDate(start, timeZone), end: hotelDate(end, timeZone) });
      const checkout = describeStayDates(start, end, timeZone);
      expect(checkout).toContain(formatStayDate(shown.start)!);
      expect(checkout).toContain(formatStayDate(shown.end)!);
      expect(stayNights(shown.start, shown.end)).toBe(countNights(start, end));
      expect(shown.start! < shown.end!).toBe(true);
    },
  );
});

describe('the days a listing carries', () => {
  const row = (timeZone: string) =>
    ({
      start_utc: new Date('2026-12-21T02:00:00.000Z'),
      end_utc: new Date('2026-12-23T22:00:00.000Z'),
      created_at: new Date('2026-11-01T00:00:00.000Z'),
      time_zone: timeZone,
      first_name: null,
    }) as unknown as Parameters<typeof toListingDto>[0];

  it('are the hotel’s days, or the UTC days when its zone is unknown here, as the SPA reads them', () => {
    expect(toListingDto(row('Pacific/Auckland'), null).stay_days).toEqual({ start: '2026-12-21', end: '2026-12-24' });
    expect(toListingDto(row('Nowhere/Atlantis'), null).stay_days).toEqual({ start: '2026-12-21', end: '2026-12-23' });
    expect(stayDates({ ...toListingDto(row('Nowhere/Atlantis'), null), stay_days: undefined })).toEqual({
      start: '2026-12-21',
      end: '2026-12-23',
    });
  });
});
