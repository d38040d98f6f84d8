import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import type { Executor } from '../db/transaction.ts';
import { hotelKeyOf } from '../selling/pms/mews-pms.ts';
import type { Pms } from '../selling/pms/pms.ts';
import type { HotelTokenSource } from '../selling/pms/hotel-token-source.ts';
import type { TokenCipher } from './token-cipher.ts';

/**
 * The access tokens the PMS adapter may use, read on every lookup. `searchable`: each connected hotel's
 * (decrypted), and each configured token (MEWS_ACCESS_TOKENS, or the demo hotels') that no hotel row accounts for
 * yet, so a start-up import still under way takes nothing away; a reservation whose hotel is not known is
 * searched with these. `ofHotel`: the token of one hotel Restay knows holds a reservation, whatever its status:
 * a suspended or pending hotel's token is still used for reads and for sales already paid, until the hotel's
 * system itself refuses it; one that does not decrypt is `unusable`, never a reason to search elsewhere.
 */
export function hotelAccessTokens(
  db: Kysely<Database>,
  cipher: TokenCipher,
  configured: readonly string[],
  logger: Pick<Logger, 'error'>,
): HotelTokenSource {
  // Decrypting is cheap, but a lookup may run many times a second: each stored value is decrypted once.
  const decrypted = new Map<string, string>();
  const decrypt = (hotel: { access_token_ciphertext: string; token_key: string; enterprise_id: string }) => {
    const stored = hotel.access_token_ciphertext;
    let token = decrypted.get(stored);
    if (token === undefined) {
      try {
        token = cipher.decrypt(stored, { hotel: hotel.enterprise_id });
      } catch {
        // Another HOTEL_TOKEN_KEY wrote it, or it was copied from another hotel's row: that hotel cannot be
        // asked, the others still can.
        logger.error({ hotelKey: hotel.token_key }, 'a hotel token does not decrypt with HOTEL_TOKEN_KEY');
        return null;
      }
      decrypted.set(stored, token);
    }
    return token;
  };
  const hotelColumns = [
    'status',
    'access_token_ciphertext',
    'token_key',
    'imported_token_key',
    'enterprise_id',
  ] as const;
  return {
    async searchable() {
      const hotels = await db.selectFrom('hotels').select(hotelColumns).execute();
      const known = new Set(hotels.flatMap((hotel) => [hotel.token_key, hotel.imported_token_key]));
      const connected = hotels.filter((hotel) => hotel.status === 'connected').flatMap((hotel) => decrypt(hotel) ?? []);
      return [...connected, ...configured.filter((token) => !known.has(hotelKeyOf(token)))];
    },
    async ofHotel(hotel) {
      const row = await db
        .selectFrom('hotels')
        .select(hotelColumns)
        .$call((query) =>
          'enterpriseId' in hotel
            ? query.where('enterprise_id', '=', hotel.enterpriseId)
            : query.where((eb) =>
                eb.or([eb('token_key', '=', hotel.hotelKey), eb('imported_token_key', '=', hotel.hotelKey)]),
              ),
        )
        .executeTakeFirst();
      if (!row) {
        const token = 'hotelKey' in hotel && configured.find((candidate) => hotelKeyOf(candidate) === hotel.hotelKey);
        return token ? { kind: 'usable', token } : { kind: 'not_a_known_hotel' };
      }
      const token = decrypt(row);
      if (token === null) return { kind: 'unusable', why: 'its access token does not decrypt with HOTEL_TOKEN_KEY' };
      return { kind: 'usable', token };
    },
  };
}

/**
 * Makes each configured token's hotel a connected row (reading its name and chain from its system), unless one
 * is already there: start-up runs this every time. A hotel that joined by itself keeps its own token and
 * status; the configured token is only marked as accounted for. A hotel whose system does not answer is tried
 * again at the next start; its configured token is used meanwhile. `whenHotelsJoin` runs in the same transaction
 * as the hotels' rows, at every start (the demo's published policies): no one ever reads a hotel that joined
 * without what comes with its joining, and a start after a crash between the two completes it.
 */
export async function importConfiguredHotels(
  deps: {
    db: Kysely<Database>;
    cipher: TokenCipher;
    clock: Clock;
    logger: Logger;
    pms: Pick<Pms, 'enterpriseOf'>;
    whenHotelsJoin?: (trx: Executor, now: Date) => Promise<unknown>;
  },
  configured: readonly string[],
): Promise<{ imported: number; failed: number }> {
  const result = { imported: 0, failed: 0 };
  const enterpriseOf = deps.pms.enterpriseOf;
  if (!enterpriseOf) return result;
  const rows = await deps.db.selectFrom('hotels').select(['token_key', 'imported_token_key']).execute();
  const known = new Set(rows.flatMap((row) => [row.token_key, row.imported_token_key]));
  const unknown = configured.filter((token) => !known.has(hotelKeyOf(token)));
  if (unknown.length === 0 && !deps.whenHotelsJoin) return result;
  // Every hotel's system is asked at once, and the answers become rows in one transaction: the hotels join
  // together, so nothing that follows their joining (the demo's published policies) sees only some of them.
  const answers = await Promise.allSettled(unknown.map((token) => enterpriseOf(token)));
  await deps.db.transaction().execute(async (trx) => {
    for (const [index, answer] of answers.entries()) {
      const token = unknown[index]!;
      const key = hotelKeyOf(token);
      if (answer.status === 'rejected') {
        result.failed++;
        deps.logger.warn(
          { err: answer.reason, hotelKey: key },
          'a configured hotel could not be imported; its token is used meanwhile',
        );
        continue;
      }
      const enterprise = answer.value;
      const now = deps.clock();
      await trx
        .insertInto('hotels')
        .values({
          enterprise_id: enterprise.id,
          chain_id: enterprise.chainId,
          name: enterprise.name,
          status: 'connected',
          access_token_ciphertext: deps.cipher.encrypt(token, { hotel: enterprise.id }),
          token_key: key,
          imported_token_key: key,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('enterprise_id').doUpdateSet({ imported_token_key: key, updated_at: now }))
        .execute();
      result.imported++;
    }
    await deps.whenHotelsJoin?.(trx, deps.clock());
  });
  return result;
}
