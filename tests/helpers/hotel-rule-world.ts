import { startBuyingServer } from './buying-fixture.ts';
import { firstMemberOf, hotelIdOf } from './test-hotel.ts';

/** A buying server, a seller, and the test hotel with its admin: where the hotel's rule meets checkout. */
export async function startHotelRuleWorld() {
  const fx = await startBuyingServer();
  const seller = await fx.user({ firstName: 'Sam' });
  const hotelId = await hotelIdOf(fx.server.database.db);
  const adminId = await firstMemberOf(fx.server.database.db, hotelId);
  return { fx, seller, hotelId, adminId };
}
