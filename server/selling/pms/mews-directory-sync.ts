import type { z } from 'zod';
import type { ConnectorCall } from './mews-connector.ts';
import { reservationsReplySchema, type MewsInterval } from './mews-schemas.ts';
import type { HotelDirectory } from './hotel-directory.ts';
import type { DirectorySyncResult } from './pms.ts';

const DAY_MS = 24 * 60 * 60_000;
/** A hotel's first sync reads the stays that start from yesterday to a year ahead: only those can be sold. */
const FIRST_SYNC_BACK_MS = DAY_MS;
const FIRST_SYNC_AHEAD_MS = 365 * DAY_MS;
/** Mews refuses a time filter longer than three months (as short as 89 days from February): well within. */
const WINDOW_MS = 60 * DAY_MS;
/** Each later sync reads what changed since the last one, from a little before it, so nothing falls between. */
const OVERLAP_MS = 10 * 60_000;
const PAGE_SIZE = 1000;
/** Hotels synced at once: a round over a thousand hotels finishes in minutes, each hotel asked one call at a time. */
const HOTELS_AT_ONCE = 4;
/** Long enough for a hotel with many reservations; a crashed instance's claim lapses after it. */
const LEASE_MS = 5 * 60_000;
/** However many instances run rounds, a hotel is read at most once in this long. */
const AT_MOST_EVERY_MS = 5 * 60_000;

type Filter = { UpdatedUtc: MewsInterval } | { ScheduledStartUtc: MewsInterval };

/** Consecutive windows of at most WINDOW_MS from `start` to `end`. */
function windows(start: number, end: number): MewsInterval[] {
  const result: MewsInterval[] = [];
  for (let from = start; from < end; from += WINDOW_MS)
    result.push({
      StartUtc: new Date(from).toISOString(),
      EndUtc: new Date(Math.min(from + WINDOW_MS, end)).toISOString(),
    });
  return result;
}

/**
 * Fills the hotel directory with the confirmation number and id of every reservation at every connected hotel,
 * so that importing one, or reading it again, asks its hotel directly. A hotel's first sync reads its upcoming
 * stays; each later one reads only what changed since (Mews' `UpdatedUtc`), one call per page of a thousand, well
 * within Mews' rate limit of 200 calls per hotel per 30 s. Instances share the work through the directory's
 * claims. A hotel that fails is tried again next round; a number booked since the last sync is still found by
 * asking every hotel.
 */
export async function syncHotelDirectory(
  deps: {
    call: ConnectorCall;
    accessTokens: readonly string[];
    directory: HotelDirectory;
    hotelKeyOf: (accessToken: string) => string;
    logger?: { warn(details: object, message: string): void };
  },
  now: Date,
  signal?: AbortSignal,
): Promise<DirectorySyncResult> {
  const result: DirectorySyncResult = { hotels: 0, reservations: 0, failed: 0 };

  const syncHotel = async (accessToken: string) => {
    const hotelKey = deps.hotelKeyOf(accessToken);
    const claim = await deps.directory.claimSync(hotelKey, {
      leaseMs: LEASE_MS,
      unlessSyncedAfter: new Date(now.getTime() - AT_MOST_EVERY_MS),
    });
    if (!claim) return;
    const at = now.getTime();
    const since = claim.syncedUntil?.getTime();
    // After a long pause (more than a window) the upcoming stays are read again rather than months of changes.
    const filters: Filter[] =
      since !== undefined && at - since < WINDOW_MS
        ? windows(since - OVERLAP_MS, at).map((UpdatedUtc) => ({ UpdatedUtc }))
        : windows(at - FIRST_SYNC_BACK_MS, at + FIRST_SYNC_AHEAD_MS).map((ScheduledStartUtc) => ({
            ScheduledStartUtc,
          }));
    let remembered = 0;
    for (const filter of filters) {
      let cursor: string | null = null;
      do {
        if (signal?.aborted) return;
        const body = { ...filter, Limitation: { Count: PAGE_SIZE, Cursor: cursor } };
        const reply: z.infer<typeof reservationsReplySchema> = await deps.call(
          accessToken,
          'reservations/getAll/2023-06-06',
          body,
          reservationsReplySchema,
        );
        // Both references: an import asks by number, and a checkout and the handover re-read by id.
        await deps.directory.remember(
          reply.Reservations.flatMap((reservation) => [`number:${reservation.Number}`, `id:${reservation.Id}`]),
          hotelKey,
        );
        remembered += reply.Reservations.length;
        cursor = reply.Reservations.length < PAGE_SIZE ? null : (reply.Cursor ?? null);
      } while (cursor);
    }
    await deps.directory.finishSync(hotelKey, now);
    result.hotels += 1;
    result.reservations += remembered;
  };

  let next = 0;
  const worker = async () => {
    while (next < deps.accessTokens.length && !signal?.aborted) {
      const accessToken = deps.accessTokens[next++]!;
      await syncHotel(accessToken).catch((error: unknown) => {
        result.failed += 1;
        deps.logger?.warn({ err: error, hotel: deps.hotelKeyOf(accessToken) }, 'could not sync a hotel’s reservations');
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(HOTELS_AT_ONCE, deps.accessTokens.length) }, worker));
  return result;
}
