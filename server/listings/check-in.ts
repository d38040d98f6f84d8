/**
 * Whether a stay's check-in has passed at `now`. A stay's start is the hotel's check-in time as an instant (the
 * hotel's time zone applied on import), so comparing instants is comparing at the hotel. The rule buying applies
 * to holds and payments, the same one the listing expiry job applies in SQL (`start_utc <= now`).
 */
export function hasCheckInPassed(startUtc: Date, now: Date): boolean {
  return startUtc.getTime() <= now.getTime();
}
