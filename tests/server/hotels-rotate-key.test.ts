import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HotelsCommandError } from '../../server/hotels/hotels-command-error.ts';
import { runHotelsCommand } from '../../server/hotels/hotels-command.ts';
import { createTokenCipher } from '../../server/hotels/token-cipher.ts';
import { startHotelServer, type HotelServer } from '../helpers/hotel-server.ts';
import { insertHotel, TEST_HOTEL_TOKEN_KEY } from '../helpers/hotels.ts';

/**
 * `npm run hotels -- rotate-key`, on PGlite and (TEST_DATABASE_URL) PostgreSQL: with the new key as
 * HOTEL_TOKEN_KEY and the old one as HOTEL_TOKEN_KEY_PREVIOUS, every stored token (hotels', and integration
 * events' not applied yet) is rewritten under the new key, all or nothing.
 */

let hs: HotelServer;
beforeAll(async () => {
  hs = await startHotelServer();
});
afterAll(() => hs.close());

const db = () => hs.server.database.db;
const NEW_KEY = '5e'.repeat(32);
const rotating = createTokenCipher({ current: NEW_KEY, previous: TEST_HOTEL_TOKEN_KEY });
const rotate = (cipher = rotating) => runHotelsCommand(['rotate-key'], { ...hs.deps, cipher });

async function storedTokens() {
  const hotels = await db().selectFrom('hotels').select(['name', 'enterprise_id', 'access_token_ciphertext']).execute();
  return hotels.map((hotel) => ({
    name: hotel.name,
    enterprise: hotel.enterprise_id,
    stored: hotel.access_token_ciphertext,
  }));
}

describe('npm run hotels -- rotate-key', () => {
  it('re-encrypts every stored token under the new key, once, and the tokens read the same', async () => {
    await insertHotel(db(), { name: 'Hotel Rotation', accessToken: 'TOKEN-ROTATION' });
    const integrationId = randomUUID();
    // An event not applied yet still holds its token: it is rotated with the hotels'.
    await db()
      .insertInto('hotel_integration_events')
      .values({
        action: 'IntegrationApiKeyCreated',
        integration_id: integrationId,
        enterprise_id: null,
        digest: randomUUID(),
        data: JSON.stringify({}),
        token_ciphertext: hs.deps.cipher.encrypt('TOKEN-PENDING', { integration: integrationId }),
        received_at: hs.clock(),
      })
      .execute();
    const before = await storedTokens();

    const lines = await rotate();
    expect(lines[0]).toBe(`${before.length + 1} stored token(s) re-encrypted under HOTEL_TOKEN_KEY; 0 already were.`);
    const onlyNewKey = createTokenCipher({ current: NEW_KEY });
    for (const hotel of await storedTokens()) {
      const was = before.find((old) => old.enterprise === hotel.enterprise)!;
      expect(onlyNewKey.isCurrent(hotel.stored)).toBe(true);
      expect(onlyNewKey.decrypt(hotel.stored, { hotel: hotel.enterprise })).toBe(
        hs.deps.cipher.decrypt(was.stored, { hotel: was.enterprise }),
      );
    }
    const event = await db()
      .selectFrom('hotel_integration_events')
      .select('token_ciphertext')
      .where('integration_id', '=', integrationId)
      .executeTakeFirstOrThrow();
    expect(onlyNewKey.decrypt(event.token_ciphertext!, { integration: integrationId })).toBe('TOKEN-PENDING');

    expect((await rotate())[0]).toBe(
      `0 stored token(s) re-encrypted under HOTEL_TOKEN_KEY; ${before.length + 1} already were.`,
    );
  });

  it('names a token neither key reads and changes nothing', async () => {
    const strangerKey = createTokenCipher({ current: '77'.repeat(32) });
    const hotelId = await insertHotel(db(), { name: 'Hotel Stranger' });
    const enterprise = await db()
      .selectFrom('hotels')
      .select('enterprise_id')
      .where('id', '=', hotelId)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('hotels')
      .set({ access_token_ciphertext: strangerKey.encrypt('TOKEN-STRANGER', { hotel: enterprise.enterprise_id }) })
      .where('id', '=', hotelId)
      .execute();
    // The test key's hotel inserted just now is due for rotation too; the refusal leaves it as it was.
    await insertHotel(db(), { name: 'Hotel Still Old' });
    const before = await storedTokens();

    const error = await rotate().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HotelsCommandError);
    expect((error as HotelsCommandError).lines).toEqual([
      '1 stored token(s) decrypt with neither HOTEL_TOKEN_KEY nor HOTEL_TOKEN_KEY_PREVIOUS; nothing was changed:',
      `  Hotel Stranger (${hotelId})`,
    ]);
    expect(await storedTokens()).toEqual(before);
  });

  it('refuses an argument it does not know', async () => {
    const error = await runHotelsCommand(['rotate-key', '--now'], hs.deps).catch((caught: unknown) => caught);
    expect((error as HotelsCommandError).lines[0]).toBe('Unknown argument "--now".');
  });
});
