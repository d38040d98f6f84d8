import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seedDemoData } from '../../server/standins/demo/seed.ts';
import { demoMewsRouter } from '../../server/standins/mews/demo-mews-routes.ts';
import { devPmsRouter } from '../../server/standins/mews/dev-pms-routes.ts';
import { createDemoMewsDelays } from '../../server/standins/mews/demo-mews-delays.ts';
import { DEMO_MEWS_CLIENT_TOKEN, demoMewsAccessTokens } from '../../server/standins/demo/demo-data.ts';
import { databaseHotelDirectory } from '../../server/selling/pms/hotel-directory.ts';
import { createMewsPms } from '../../server/selling/pms/mews-pms.ts';
import { createTestDatabase } from './test-database.ts';
import { nullablePms } from './nullable-pms.ts';

/** What the demo PMS told Restay's webhook receiver. */
export type DemoPmsNotice = { enterpriseId: string; reservationId: string };

/**
 * The real Mews adapter against the demo PMS over HTTP, on a freshly migrated database seeded at `now` (start-up
 * seeding of an empty database fills the demo PMS too), with the directory synced as a running server keeps it.
 */
export async function startDemoPms(now: Date, notices: DemoPmsNotice[]) {
  const database = await createTestDatabase();
  await seedDemoData(database.db, now);
  const app = express();
  app.use('/demo-mews', demoMewsRouter({ db: database.db, clock: () => now }));
  app.use(
    '/dev',
    devPmsRouter({
      db: database.db,
      clock: () => now,
      notify: async (change) => void notices.push(change),
      // Connecting a demo hotel is tested against the API itself (demo-hotel-connect.test.ts).
      connect: async () => null,
      delays: createDemoMewsDelays(),
    }),
  );
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pms = nullablePms(
    createMewsPms({
      platformUrl: () => `${url}/demo-mews`,
      clientToken: DEMO_MEWS_CLIENT_TOKEN,
      accessTokens: demoMewsAccessTokens(),
      clientName: 'Restay test',
      directory: databaseHotelDirectory({ db: database.db, clock: () => now }),
    }),
  );
  // As a server does once it runs: the directory learns every upcoming stay's hotel, so a re-read asks that
  // hotel alone instead of all of them.
  await pms.syncDirectory!(now);
  const stop = async () => {
    await new Promise((resolve) => server.close(resolve));
    await database.dispose();
  };
  return { database, url, pms, stop };
}
