import { formatsByTimeZone } from '../time-zones.ts';

const HOUR_MS = 3_600_000;

const wallClockFormat = formatsByTimeZone('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The wall-clock fields of `instant` in `timeZone`. */
function wallClock(instant: Date, timeZone: string) {
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
    second: field('second'),
  };
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The first moment after `now` when the clock in `timeZone` shows `hour`:00: when the person's daily digest
 * goes out. On a day when that hour does not exist (clocks jump forward over it) it is the hour after the jump.
 */
export function nextDigestAt(now: Date, hour: number, timeZone: string): Date {
  const today = wallClock(now, timeZone);
  for (let dayOffset = 0; dayOffset <= 2; dayOffset++) {
    const localAsUtc = Date.UTC(today.year, today.month - 1, today.day + dayOffset, hour);
    // The offset near the target moment, checked again once, since the offset may differ across a change.
    let candidate = localAsUtc - offsetAt(new Date(localAsUtc), timeZone);
    candidate = localAsUtc - offsetAt(new Date(candidate), timeZone);
    if (candidate > now.getTime()) return new Date(candidate);
  }
  return new Date(now.getTime() + 24 * HOUR_MS);
}
