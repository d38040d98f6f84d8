import { loadProcessConfig } from './config.ts';
import { openConfiguredDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { resetStandInData } from './adapters.ts';

/** `npm run db:migrate` applies pending migrations; `npm run db:seed` also replaces all data with the demo set. */
async function run(command: string | undefined) {
  if (command !== 'migrate' && command !== 'seed') throw new Error('usage: cli.ts migrate|seed');
  const config = loadProcessConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const applied = await migrate(database);
    console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.');
    if (command === 'seed') {
      const { listings, pmsReservations } = await resetStandInData({ config, database });
      console.log(`Demo data reset: ${listings} listings, ${pmsReservations} demo PMS reservations.`);
    }
  } finally {
    await database.close();
  }
}

run(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
