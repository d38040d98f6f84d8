import { describe, expect, it } from 'vitest';
import { formatsByTimeZone } from '../../server/time-zones.ts';

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
