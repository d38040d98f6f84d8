import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HotelsCommandError } from '../../server/hotels/hotels-command-error.ts';
import { HOTELS_USAGE, runHotelsCommand } from '../../server/hotels/hotels-command.ts';
import { startHotelServer, type HotelServer } from '../helpers/hotel-server.ts';
import { addHotelMember, insertHotel } from '../helpers/hotels.ts';
import { post, signedInUser } from '../helpers/selling.ts';

/**
 * `npm run hotels -- first-admin`: a hotel configured through MEWS_ACCESS_TOKENS has nobody to set it up; the
 * operator sends its first admin the same set-up link a hotel connecting in Mews gets, through the mail adapter,
 * and the link makes them its admin. Refused, with nothing changed, while the hotel has an admin.
 */

let hs: HotelServer;
beforeAll(async () => {
  hs = await startHotelServer();
});
afterAll(() => hs.close());

const db = () => hs.server.database.db;
const run = (...argv: string[]) => runHotelsCommand(argv, hs.deps);
const refusal = async (...argv: string[]) => {
  const error = await run(...argv).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(HotelsCommandError);
  return (error as HotelsCommandError).lines;
};
const invitesOf = (hotelId: string) =>
  db().selectFrom('hotel_invites').select(['email', 'kind', 'role']).where('hotel_id', '=', hotelId).execute();

describe('npm run hotels -- first-admin', () => {
  it('emails the set-up link of a hotel without an admin, by id or name, and the link makes them its admin', async () => {
    const name = `Hotel Konfiguriert ${randomUUID().slice(0, 6)}`;
    const hotelId = await insertHotel(db(), { name, status: 'connected' });
    const lines = await run('first-admin', '--hotel', name.toUpperCase(), '--email', ' Greta@Example.com ');
    expect(lines).toEqual([
      expect.stringContaining(`${name} (${hotelId}): a set-up link for greta@example.com is recorded`),
      'The set-up link was emailed to greta@example.com.',
    ]);
    expect(await invitesOf(hotelId)).toEqual([{ email: 'greta@example.com', kind: 'first_admin', role: 'admin' }]);

    const mail = await hs.lastEmailTo('greta@example.com');
    expect(mail?.subject).toBe(`Set up resale for ${name} on Restay`);
    const greta = await signedInUser('greta@example.com');
    const claimed = await post(hs.server, '/api/hotels/claim', greta, { token: mail!.token });
    expect(claimed.status).toBe(200);
    expect(claimed.body.data).toMatchObject({ outcome: 'joined', role: 'admin', hotel: { id: hotelId } });

    // Now it has an admin: refused, nothing recorded.
    const again = await refusal('first-admin', '--hotel', hotelId, '--email', 'someone@example.com');
    expect(again[0]).toMatch(new RegExp(`^${name} already has an admin \\(greta@example.com\\)`));
    expect(await invitesOf(hotelId)).toHaveLength(1);
  });

  it('refuses a hotel with an admin, an unknown or ambiguous hotel, and bad arguments, changing nothing', async () => {
    const withAdmin = await insertHotel(db(), { name: 'Hotel Mit Admin' });
    await addHotelMember(db(), withAdmin, { role: 'admin', email: 'boss@example.com' });
    expect(await refusal('first-admin', '--hotel', withAdmin, '--email', 'x@example.com')).toEqual([
      'Hotel Mit Admin already has an admin (boss@example.com): they invite others from the hotel console. ' +
        'Nothing was changed.',
    ]);

    expect(await refusal('first-admin', '--hotel', 'No Such Hotel', '--email', 'x@example.com')).toEqual([
      'No hotel has the id or name "No Such Hotel".',
    ]);
    const twins = [
      await insertHotel(db(), { name: 'Hotel Zwilling' }),
      await insertHotel(db(), { name: 'Hotel Zwilling' }),
    ];
    const ambiguous = await refusal('first-admin', '--hotel', 'hotel zwilling', '--email', 'x@example.com');
    expect(ambiguous[0]).toBe('2 hotels are named "hotel zwilling": name one by its id.');
    for (const id of twins) expect(ambiguous.join('\n')).toContain(id);

    expect(await refusal('first-admin', '--email', 'not-an-email')).toEqual([
      '--hotel is required: the hotel id or its name.',
      'Not an email address: not-an-email.',
      ...HOTELS_USAGE,
    ]);
    expect(await refusal('invite')).toEqual([...HOTELS_USAGE]);
    expect((await refusal('first-admin', '--hotl', 'x'))[0]).toMatch(/Unknown option '--hotl'/);
    for (const id of [withAdmin, ...twins]) expect(await invitesOf(id)).toEqual([]);
  });
});
