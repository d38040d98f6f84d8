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
