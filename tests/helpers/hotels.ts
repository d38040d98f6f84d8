import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, HotelRole, HotelStatus } from '../../server/db/schema.ts';
import { createInvite } from '../../server/hotels/invites.ts';
import { createTokenCipher } from '../../server/hotels/token-cipher.ts';
import { hotelKeyOf } from '../../server/selling/pms/mews-pms.ts';

/** A fixed key for tests: tokens encrypted with it can be read back by a test's own cipher. */
export const TEST_HOTEL_TOKEN_KEY = 'a'.repeat(64);
/** The test servers' HOTEL_LINK_KEY: invitation links a test makes are the ones the server accepts. */
export const TEST_HOTEL_LINK_KEY = 'b'.repeat(64);
export const testCipher = () => createTokenCipher({ current: TEST_HOTEL_TOKEN_KEY });

/** A hotel row as a joined hotel has it; its token encrypted with the test key. */
export async function insertHotel(
  db: Kysely<Database>,
  hotel: { name?: string; status?: HotelStatus; chainId?: string | null; accessToken?: string; now?: Date } = {},
): Promise<string> {
  const token = hotel.accessToken ?? `token-${randomUUID()}`;
  const now = hotel.now ?? new Date();
  const enterpriseId = randomUUID();
  const row = await db
    .insertInto('hotels')
    .values({
      enterprise_id: enterpriseId,
      integration_id: randomUUID(),
      chain_id: hotel.chainId ?? null,
      name: hotel.name ?? 'Hotel Seeblick',
      status: hotel.status ?? 'connected',
      access_token_ciphertext: testCipher().encrypt(token, { hotel: enterpriseId }),
      token_key: hotelKeyOf(token),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Makes a profile (if new) a member of the hotel. */
export async function addHotelMember(
  db: Kysely<Database>,
  hotelId: string,
  member: { userId?: string; email?: string; role: HotelRole },
): Promise<string> {
  const userId = member.userId ?? randomUUID();
  await db
    .insertInto('profiles')
    .values({ id: userId, email: member.email ?? `${userId}@example.com` })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await db
    .insertInto('hotel_members')
    .values({ hotel_id: hotelId, user_id: userId, role: member.role, created_at: new Date() })
    .execute();
  return userId;
}

/** An open invitation of the hotel (its email job queued too). */
export function insertInvite(
  db: Kysely<Database>,
  invite: { hotelId: string; email: string; kind?: 'first_admin' | 'member'; role?: HotelRole; now?: Date },
  linkSecret = TEST_HOTEL_LINK_KEY,
): Promise<string> {
  return createInvite(
    db,
    { linkSecret },
    {
      hotelId: invite.hotelId,
      kind: invite.kind ?? 'member',
      email: invite.email,
      role: invite.role ?? 'staff',
      invitedBy: null,
    },
    invite.now ?? new Date(),
  );
}
