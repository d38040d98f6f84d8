import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { hotelKeyOf } from '../selling/pms/mews-pms.ts';
import type { Pms } from '../selling/pms/pms.ts';
import type { TokenCipher } from './token-cipher.ts';

/**
 * The access tokens the PMS adapter may use, read on every lookup: each connected hotel's (decrypted), and each
 * configured token (MEWS_ACCESS_TOKENS, or the demo hotels') that no hotel row accounts for yet, so a start-up
 * import still under way takes nothing away. A pending or suspended hotel's token is not used, nor a configured
 * token its hotel has since rotated.
 */
export function hotelAccessTokens(
  db: Kysely<Database>,
  cipher: TokenCipher,
  configured: readonly string[],
  logger: Pick<Logger, 'error'>,
): () => Promise<string[]> {
  // Decrypting is cheap, but a lookup may run many times a second: each stored value is decrypted once.
  const decrypted = new Map<string, string>();
  const decrypt = (stored: string) => {
    let token = decrypted.get(stored);
    if (token === undefined) {
      token = cipher.decrypt(stored);
      decrypted.set(stored, token);
    }
    return token;
  };
  return async () => {
    const hotels = await db
      .selectFrom('hotels')
      .select(['status', 'access_token_ciphertext', 'token_key', 'imported_token_key'])
      .execute();
    const known = new Set(hotels.flatMap((hotel) => [hotel.token_key, hotel.imported_token_key]));
    const connected = hotels
      .filter((hotel) => hotel.status === 'connected')
      .flatMap((hotel) => {
        try {
          return [decrypt(hotel.access_token_ciphertext)];
        } catch {
          // Another HOTEL_TOKEN_KEY wrote it: that hotel cannot be asked, the others still can.
          logger.error({ hotelKey: hotel.token_key }, 'a hotel token does not decrypt with HOTEL_TOKEN_KEY');
          return [];
        }
      });
    return [...connected, ...configured.filter((token) => !known.has(hotelKeyOf(token)))];
  };
}

/**
 * Makes each configured token's hotel a connected row (reading its name and chain from its system), unless one
 * is already there: start-up runs this every time. A hotel that joined by itself keeps its own token and
 * status; the configured token is only marked as accounted for. A hotel whose system does not answer is tried
 * again at the next start; its configured token is used meanwhile.
 */
export async function importConfiguredHotels(
  deps: { db: Kysely<Database>; cipher: TokenCipher; clock: Clock; logger: Logger; pms: Pick<Pms, 'enterpriseOf'> },
  configured: readonly string[],
): Promise<{ imported: number; failed: number }> {
  const result = { imported: 0, failed: 0 };
  const enterpriseOf = deps.pms.enterpriseOf;
  if (!enterpriseOf) return result;
  const rows = await deps.db.selectFrom('hotels').select(['token_key', 'imported_token_key']).execute();
  const known = new Set(rows.flatMap((row) => [row.token_key, row.imported_token_key]));
  const unknown = configured.filter((token) => !known.has(hotelKeyOf(token)));
  if (unknown.length === 0) return result;
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
          access_token_ciphertext: deps.cipher.encrypt(token),
          token_key: key,
          imported_token_key: key,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('enterprise_id').doUpdateSet({ imported_token_key: key, updated_at: now }))
        .execute();
      result.imported++;
    }
  });
  return result;
}
