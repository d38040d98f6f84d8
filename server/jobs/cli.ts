import { parseArgs } from 'node:util';
import { systemClock } from '../clock.ts';
import { loadProcessConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { listFailedJobs, retryFailedJob } from './admin.ts';

const USAGE = 'usage: npm run jobs -- failed | npm run jobs -- retry <id>';

/** `failed`, or `retry <id>` with a numeric id, read by node:util's parseArgs (no options); anything else is refused. */
function parseCommand(argv: string[]): { command: 'failed' } | { command: 'retry'; id: string } {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ args: argv, options: {}, allowPositionals: true, strict: true }));
  } catch {
    throw new Error(USAGE);
  }
  const [command, id, ...extra] = positionals;
  if (command === 'failed' && id === undefined) return { command };
  if (command === 'retry' && id && /^\d+$/.test(id) && !extra.length) return { command, id };
  throw new Error(USAGE);
}

/** The operator's view of the durable jobs: which failed for good, and running one of them again. */
async function run(argv: string[]) {
  const parsed = parseCommand(argv);
  const database = await openConfiguredDatabase(loadProcessConfig());
  try {
    await migrate(database);
    if (parsed.command === 'failed') {
      const failed = await listFailedJobs(database.db);
      if (!failed.length) console.log('No failed jobs.');
      for (const job of failed) {
        console.log(
          `${job.id}\t${job.kind}\t${job.key}\tattempts ${job.attempts}\t${job.finished_at?.toISOString() ?? ''}\t${job.last_error ?? ''}`,
        );
      }
      return;
    }
    const retried = await retryFailedJob(database.db, parsed.id, systemClock());
    if (!retried) throw new Error(`No failed job ${parsed.id}: only a failed job can be retried.`);
    console.log(`Job ${retried.id} (${retried.kind} ${retried.key}) is due again; a running server picks it up.`);
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
