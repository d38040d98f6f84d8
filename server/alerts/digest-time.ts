import { utcOffsetMs, wallClock } from '../time-zones.ts';

const HOUR_MS = 3_600_000;

/**
 * The first moment after `now` when the clock in `timeZone` shows `hour`:00: when the person's daily digest
 * goes out. On a day when that hour does not exist (clocks jump forward over it) it is the hour after the jump.
 */
export function nextDigestAt(now: Date, hour: number, timeZone: string): Date {
  const today = wallClock(now, timeZone);
  for (let dayOffset = 0; dayOffset <= 2; dayOffset++) {
    const localAsUtc = Date.UTC(today.year, today.month - 1, today.day + dayOffset, hour);
    // The offset near the target moment, checked again once, since the offset may differ across a change.
    let candidate = localAsUtc - utcOffsetMs(new Date(localAsUtc), timeZone);
    candidate = localAsUtc - utcOffsetMs(new Date(candidate), timeZone);
    if (candidate > now.getTime()) return new Date(candidate);
  }
  return new Date(now.getTime() + 24 * HOUR_MS);
}
