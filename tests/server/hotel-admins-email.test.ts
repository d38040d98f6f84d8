import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPaymentJobs } from '../../server/buying-jobs.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { addMember, hotelIdOf } from '../helpers/test-hotel.ts';

/**
 * Once one of a hotel's stays is in its buyer's name, each admin of the hotel is emailed once (its staff are
 * not), with the reservation, the dates, the order and a link to the console; on PGlite and PostgreSQL.
 */

let fx: BuyingFixture;
let seller: Awaited<ReturnType<BuyingFixture['user']>>;
beforeAll(async () => {
  fx = await startBuyingServer();
  seller = await fx.user({ firstName: 'Sam' });
});
afterAll(() => fx.close());

const db = () => fx.server.database.db;

describe('a hotel’s admins', () => {
  it('are each emailed once when one of the hotel’s stays is in its buyer’s name', async () => {
    const hotelId = await hotelIdOf(db());
    const admin = await addMember(db(), hotelId, 'admin');
    const staff = await addMember(db(), hotelId, 'staff');
    const emailOf = async (id: string) =>
      (await db().selectFrom('profiles').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email!;

    const held = await fx.heldStay(seller.id);
    expect((await fx.deliver(fx.payments.pay(held.sessionId))).status).toBe(200);
    await runPaymentJobs(fx.deps);
    const order = await fx.orderRow(held.orderId);
    expect(order.state).toBe('transferred');

    // Once more: what the transfer queued (the fan-out, then each admin's email) and a second run changes nothing.
    await runPaymentJobs(fx.deps);
    await runPaymentJobs(fx.deps);
    await runPaymentJobs(fx.deps);
    const sent = fx.mailer.sent.filter((message) => message.subject === 'A stay at Hotel Tejo changed hands on Restay');
    const [adminEmail, staffEmail] = [await emailOf(admin), await emailOf(staff)];
    const toAdmin = sent.filter((message) => message.to === adminEmail);
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]!.text).toContain(
      `Reservation ${order.handover!.confirmationNumber} at Hotel Tejo is now in Erika Mustermann's name`,
    );
    expect(toAdmin[0]!.text).toContain(`Restay order: ${held.orderId}`);
    expect(toAdmin[0]!.text).toContain(`/hotel/${hotelId}`);
    expect(sent.some((message) => message.to === staffEmail)).toBe(false);
  });
});
