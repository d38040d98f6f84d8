import type { ConnectorCall } from './mews-connector.ts';
import type { HotelDirectory } from './hotel-directory.ts';
import { reservationsReplySchema } from './mews-schemas.ts';

/** Mews' page size ceiling, and the most ids one `ReservationIds` filter takes. */
const IDS_PER_CALL = 1000;

/**
 * Reads reservations the hotel named by id (its webhook) and remembers the hotel of each confirmation number and
 * id: one call per thousand ids, to that hotel only. Answers how many it remembered.
 */
export async function learnReservations(
  deps: { call: ConnectorCall; directory: HotelDirectory },
  hotel: { accessToken: string; hotelKey: string },
  reservationIds: readonly string[],
): Promise<number> {
  let remembered = 0;
  for (let start = 0; start < reservationIds.length; start += IDS_PER_CALL) {
    const ids = reservationIds.slice(start, start + IDS_PER_CALL);
    const body = { ReservationIds: ids, Limitation: { Count: IDS_PER_CALL } };
    const reply = await deps.call(hotel.accessToken, 'reservations/getAll/2023-06-06', body, reservationsReplySchema);
    await deps.directory.remember(
      reply.Reservations.flatMap((reservation) => [`number:${reservation.Number}`, `id:${reservation.Id}`]),
      hotel.hotelKey,
    );
    remembered += reply.Reservations.length;
  }
  return remembered;
}
