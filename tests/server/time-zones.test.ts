import { describe, expect, it } from 'vitest';
import { formatsByTimeZone, instantAtWallClock, isoDayIn } from '../../server/time-zones.ts';

describe('formatsByTimeZone', () => {
  const isoDay = formatsByTimeZone('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

  it('formats in the zone asked for, and hands the same format back for that zone', () => {
    const instant = new Date('2026-06-05T23:30:00Z');
    expect(isoDay('Europe/Lisbon').format(instant)).toBe('2026-06-06');
    expect(isoDay('America/New_York').format(instant)).toBe('2026-06-05');
    expect(isoDay('Europe/Lisbon')).toBe(isoDay('Europe/Lisbon'));
  });

  it('throws for a zone that does not exist, every time', () => {
    expect(() => isoDay('Mars/Olympus')).toThrow(RangeError);
    expect(() => isoDay('Mars/Olympus')).toThrow(RangeError);
  });
});

describe('instantAtWallClock', () => {
  it('finds the instant a zone’s clock shows a time, on both sides of a daylight-saving change', () => {
    // Lisbon: UTC+0 in winter, UTC+1 from 29 March 2026, 01:00 UTC.
    expect(instantAtWallClock(Date.UTC(2026, 2, 28, 15), 'Europe/Lisbon').toISOString()).toBe(
      '2026-03-28T15:00:00.000Z',
    );
    expect(instantAtWallClock(Date.UTC(2026, 2, 29, 15), 'Europe/Lisbon').toISOString()).toBe(
      '2026-03-29T14:00:00.000Z',
    );
  });
});

describe('isoDayIn', () => {
  it('names the calendar day in the zone', () => {
    expect(isoDayIn(new Date('2026-06-05T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-06-06');
  });
});
