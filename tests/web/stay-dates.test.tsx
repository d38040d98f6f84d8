import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListingCard } from '../../src/components/listings/ListingCard.tsx';
import { ListingDetail } from '../../src/features/listing/components/ListingDetail.tsx';
import { formatStayDate } from '../../src/lib/format.ts';
import { stayDates } from '../../src/lib/listing-dates.ts';
import { makeListing } from './factories.ts';
import { WithQueriesAndRouter } from './render.tsx';

/**
 * A stay's dates are the days its check-in and check-out fall on at the hotel. In Auckland (UTC+13 in December)
 * check-out at 11:00 on Dec 24 is 22:00 UTC on Dec 23: read in UTC the stay would end a day early.
 */
const auckland = () =>
  makeListing({
    title: 'Harbour view queen',
    time_zone: 'Pacific/Auckland',
    start_utc: '2026-12-21T02:00:00.000Z', // 15:00 on Dec 21 in Auckland
    end_utc: '2026-12-23T22:00:00.000Z', // 11:00 on Dec 24 in Auckland
    reservations: { start_utc: '2026-12-21T02:00:00.000Z', end_utc: '2026-12-23T22:00:00.000Z' },
  });

describe('stay dates are the hotel’s days', () => {
  it('reads the instants in the hotel’s time zone', () => {
    expect(stayDates(auckland())).toEqual({ start: '2026-12-21', end: '2026-12-24' });
    // Kyoto: 15:00 is 06:00 UTC the same day; 11:00 is 02:00 UTC.
    expect(
      stayDates({
        start_utc: '2026-12-22T06:00:00.000Z',
        end_utc: '2026-12-23T02:00:00.000Z',
        reservations: null,
        time_zone: 'Asia/Tokyo',
      }),
    ).toEqual({ start: '2026-12-22', end: '2026-12-23' });
    // A listing from an older server, without its zone, reads as before (UTC).
    expect(stayDates({ start_utc: '2026-03-03T00:00:00.000Z', end_utc: null, reservations: null })).toEqual({
      start: '2026-03-03',
      end: null,
    });
  });

  it('on the card and on the stay’s page alike, with the nights the hotel counts', () => {
    const { unmount } = render(<ListingCard listing={auckland()} />, { wrapper: WithQueriesAndRouter });
    expect(screen.getByText('Dec 21, 2026')).toBeInTheDocument();
    expect(screen.getByText('Dec 24, 2026')).toBeInTheDocument();
    unmount();
    render(<ListingDetail listing={auckland()} viewerId={null} />, { wrapper: WithQueriesAndRouter });
    const page = within(document.body);
    expect(page.getAllByText(/Dec 21, 2026/).length).toBeGreaterThan(0);
    expect(page.getAllByText(/Dec 24, 2026/).length).toBeGreaterThan(0);
    expect(page.queryByText(/Dec 23, 2026/)).not.toBeInTheDocument();
    expect(page.getByText('3 nights')).toBeInTheDocument();
  });

  it('takes the days the server worked out when the listing carries them', () => {
    // The server's reading wins: the page then needs no time-zone formatter of its own.
    const carried = {
      ...auckland(),
      stay_days: { start: '2026-12-21', end: '2026-12-24' },
      time_zone: 'Nowhere/Atlantis',
    };
    expect(stayDates(carried)).toEqual({ start: '2026-12-21', end: '2026-12-24' });
  });
});

describe('a stay date as every page writes it', () => {
  const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

  it('reads "MMM d, yyyy" as en-US writes it in UTC, for every month and the ends of months', () => {
    for (const year of [2025, 2026, 2028, 2031]) {
      for (let month = 0; month < 12; month++) {
        for (const day of [1, 9, 10, 28, 31]) {
          const instant = new Date(Date.UTC(year, month, day));
          const iso = instant.toISOString();
          expect(formatStayDate(iso.slice(0, 10))).toBe(intl.format(instant));
          expect(formatStayDate(iso)).toBe(intl.format(instant));
        }
      }
    }
  });

  it('is null when the value is not a date', () => {
    for (const value of [null, undefined, '', 'soon', '2026-13-45']) expect(formatStayDate(value)).toBeNull();
  });
});
