/**
 * Date formats in a time zone, each made once per zone and kept. Making an Intl.DateTimeFormat costs ICU tens
 * of microseconds, and the same few are asked for thousands of times: every stay's dates on pages and in
 * emails, the alerts' digest hours, the demo data's check-in times. A zone that does not exist throws, as
 * Intl does, and is not kept.
 */
export function formatsByTimeZone(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (timeZone: string) => Intl.DateTimeFormat {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      formats.set(timeZone, format);
    }
    return format;
  };
}

// en-CA formats as YYYY-MM-DD.
const isoDayFormat = formatsByTimeZone('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day (YYYY-MM-DD) that `instant` falls on in `timeZone`. */
export function isoDayIn(instant: Date, timeZone: string): string {
  return isoDayFormat(timeZone).format(instant);
}

const wallClockFormat = formatsByTimeZone('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The wall-clock fields of `instant` in `timeZone`. */
export function wallClock(instant: Date, timeZone: string) {
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

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function utcOffsetMs(instant: Date, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant when the clock in `timeZone` shows the wall-clock time written as if it were UTC (`Date.UTC` of its
 * fields). Two passes settle the offset even when the first guess falls on the other side of a daylight-saving
 * change; a time the clocks jump over lands after the jump.
 */
export function instantAtWallClock(wallClockAsUtcMs: number, timeZone: string): Date {
  const guess = wallClockAsUtcMs - utcOffsetMs(new Date(wallClockAsUtcMs), timeZone);
  return new Date(wallClockAsUtcMs - utcOffsetMs(new Date(guess), timeZone));
}
