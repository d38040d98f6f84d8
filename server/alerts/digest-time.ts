import { instantAtWallClock, wallClock } from '../time-zones.ts';

const HOUR_MS = 3_600_000;

/**
 * The first moment after `now` when the clock in `timeZone` shows `hour`:00: when the person's daily digest
 * goes out. On a day when that hour does not exist (clocks jump forward over it) it is the hour after the jump.
 */
export function nextDigestAt(now: Date, hour: number, timeZone: string): Date {
  const today = wallClock(now, timeZone);
  for (let dayOffset = 0; dayOffset <= 2; dayOffset++) {
    const candidate = instantAtWallClock(Date.UTC(today.year, today.month - 1, today.day + dayOffset, hour), timeZone);
    if (candidate > now) return candidate;
  }
  return new Date(now.getTime() + 24 * HOUR_MS);
}
