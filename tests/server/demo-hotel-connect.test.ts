import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHotelServer, type HotelServer } from '../helpers/hotel-server.ts';
import { post, signedInUser } from '../helpers/selling.ts';

/**
 * "Connect a demo hotel" on /dev/pms, on PGlite and (TEST_DATABASE_URL) PostgreSQL: the demo PMS creates a new
 * enterprise with rooms, rates and reservations and sends Restay's integration webhook the `IntegrationCreated`
 * event Mews sends; the admin's email lands in the dev mailbox and, once claimed, the console reads the hotel's
 * own rates and room types.
 */

let hs: HotelServer;
beforeAll(async () => {
  hs = await startHotelServer();
});
afterAll(() => hs.close());

const db = () => hs.server.database.db;

function connectForm(fields: Record<string, string>) {
  return hs.server.request('/dev/pms/connect-hotel', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

describe('Connect a demo hotel', () => {
  it('is offered on /dev/pms as a labelled form', async () => {
    const page = await hs.server.request('/dev/pms');
    const html = page.body as string;
    expect(html).toContain('<h2 id="connect-heading">Connect a demo hotel</h2>');
    expect(html).toContain('<form method="post" action="/dev/pms/connect-hotel">');
    expect(html).toMatch(/<label>Admin email <input name="adminEmail" type="email"[^>]*required/);
  });

  it('creates the hotel in the demo PMS, tells Restay as Mews does, and emails its admin the set-up link', async () => {
    const reply = await connectForm({
      hotelName: 'Hotel Ribeira',
      adminName: 'Rita Sousa',
      adminEmail: 'Rita@Ribeira.example',
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toContain('Restay accepted it');

    const enterprise = await db()
      .selectFrom('demo_pms_enterprises')
      .selectAll()
      .where('name', '=', 'Hotel Ribeira')
      .executeTakeFirstOrThrow();
    expect(enterprise.seeded).toBe(false);
    const reservations = await db()
      .selectFrom('demo_pms_reservations')
      .select(['number', 'origin', 'channel_number', 'rate_id', 'state'])
      .where('enterprise_id', '=', enterprise.id)
      .execute();
    const origins = reservations.map((reservation) => reservation.origin);
    expect(origins).toContain('Distributor');
    expect(origins).toContain('ChannelManager');
    expect(reservations.every((reservation) => reservation.state === 'Confirmed' && reservation.rate_id)).toBe(true);
    expect(reply.body).toContain(reservations[0]!.number);

    // Restay recorded the event as it records Mews' (the token only encrypted) and queued its work.
    const event = await db()
      .selectFrom('hotel_integration_events')
      .selectAll()
      .where('enterprise_id', '=', enterprise.id)
      .executeTakeFirstOrThrow();
    expect(event.action).toBe('IntegrationCreated');
    expect(JSON.stringify(event)).not.toContain(enterprise.access_token);
    await hs.runJobs();

    const hotel = await db()
      .selectFrom('hotels')
      .selectAll()
      .where('enterprise_id', '=', enterprise.id)
      .executeTakeFirstOrThrow();
    expect(hotel).toMatchObject({ name: 'Hotel Ribeira', status: 'pending', requestor_email: 'rita@ribeira.example' });
    expect(hs.deps.cipher.decrypt(hotel.access_token_ciphertext, { hotel: enterprise.id })).toBe(
      enterprise.access_token,
    );
    const mail = await hs.lastEmailTo('rita@ribeira.example');
    expect(mail?.subject).toBe('Set up resale for Hotel Ribeira on Restay');
    expect((await hs.server.request('/dev/mailbox')).body).toContain('Set up resale for Hotel Ribeira on Restay');

    // The admin claims it; the console then reads the hotel's own rates (in their groups) and room types.
    const rita = await signedInUser('rita@ribeira.example');
    expect((await post(hs.server, '/api/hotels/claim', rita, { token: mail!.token })).status).toBe(200);
    const catalog = await hs.server.request(`/api/hotels/${hotel.id}/policy/catalog`, { headers: rita.headers });
    expect(catalog.status).toBe(200);
    expect(catalog.body.data.roomTypes.map((type: { name: string }) => type.name).sort()).toEqual([
      'Double Room',
      'Junior Suite',
    ]);
    expect(catalog.body.data.rates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Flexible', group: 'Public rates' }),
        expect.objectContaining({ name: 'Non-refundable', group: 'Public rates' }),
        expect.objectContaining({ name: 'Corporate', group: 'Negotiated rates' }),
      ]),
    );
    // A new hotel starts with resale off.
    const policy = await hs.server.request(`/api/hotels/${hotel.id}/policy`, { headers: rita.headers });
    expect(policy.body.data.live).toBeNull();
  });

  it('makes a new hotel each time, and refuses a form without the admin’s email', async () => {
    await connectForm({ adminEmail: 'a@one.example' });
    await connectForm({ adminEmail: 'b@two.example' });
    const named = await db()
      .selectFrom('demo_pms_enterprises')
      .select('id')
      .where('name', '=', 'Hotel Ribeira')
      .execute();
    expect(named.length).toBeGreaterThanOrEqual(3);
    const refused = await connectForm({ hotelName: 'Hotel Nobody' });
    expect(refused.status).toBe(400);
    const none = await db()
      .selectFrom('demo_pms_enterprises')
      .select('id')
      .where('name', '=', 'Hotel Nobody')
      .execute();
    expect(none).toEqual([]);
  });
});
