import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { z } from 'zod';
import { HOTEL_LINK_HOURS } from '../../contract/hotels.ts';
import { inTransaction } from '../db/transaction.ts';
import { JobRegistry } from '../jobs/registry.ts';
import { runDueJobs } from '../jobs/worker.ts';
import type { HotelDeps } from './deps.ts';
import { createInvite, HOTEL_INVITE_EMAIL } from './invites.ts';
import { HotelsCommandError } from './hotels-command-error.ts';
import { registerInviteEmailJob } from './jobs.ts';
import { rotateTokenKey } from './rotate-token-key.ts';

export const HOTELS_USAGE = [
  'usage: npm run hotels -- first-admin --hotel <hotel id or name> --email <email>',
  '       npm run hotels -- rotate-key',
];

/**
 * The operator's commands on hotels. `rotate-key`: see rotate-token-key.ts.
 * `first-admin --hotel <id|name> --email <email>`: a hotel that joined without anyone to set it up (configured through MEWS_ACCESS_TOKENS, or connected in Mews without a
 * requestor) gets the first admin's set-up link, as a hotel connecting in Mews does: an invite recorded with
 * its email job, the same link and claim (server/hotels/claim.ts). Refused while the hotel has an admin (they
 * invite others from the hotel console). The link is emailed at once through the mail adapter by the invite's
 * own job; an email that fails is retried by a running server's worker. Answers the lines to print; throws
 * HotelsCommandError, having changed nothing, for a bad argument, an unknown or ambiguous hotel, or an admin.
 */
export async function runHotelsCommand(argv: readonly string[], deps: HotelDeps): Promise<string[]> {
  if (argv[0] === 'rotate-key') {
    if (argv.length > 1) throw new HotelsCommandError([`Unknown argument "${argv[1]}".`, ...HOTELS_USAGE]);
    return rotateTokenKey(deps);
  }
  const { hotel, email } = readArgs(argv);
  const { inviteId, lines } = await recordFirstAdminInvite(deps, hotel, email);
  // The invite emails due, this one among them: the job a server's worker would run, run here and now.
  const registry = registerInviteEmailJob(new JobRegistry(), deps);
  await runDueJobs({ db: deps.db, clock: deps.clock, logger: deps.logger, registry });
  const job = await deps.db
    .selectFrom('jobs')
    .select('state')
    .where('kind', '=', HOTEL_INVITE_EMAIL.kind)
    .where('key', '=', inviteId)
    .executeTakeFirstOrThrow();
  return [
    ...lines,
    job.state === 'done'
      ? `The set-up link was emailed to ${email}.`
      : `The email to ${email} could not be sent now; a running server sends it (npm run jobs -- failed lists it ` +
        'if it never goes out).',
  ];
}

async function recordFirstAdminInvite(deps: HotelDeps, hotelRef: string, email: string) {
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const byId = z.uuid().safeParse(hotelRef).success;
    const hotels = await trx
      .selectFrom('hotels')
      .select(['id', 'name', 'status'])
      .where(byId ? sql<boolean>`id = ${hotelRef}::uuid` : sql<boolean>`lower(name) = ${hotelRef.toLowerCase()}`)
      // The hotel's row is held while its invite is made: two operators naming it at once make one admin link.
      .forUpdate()
      .execute();
    if (hotels.length === 0) throw new HotelsCommandError([`No hotel has the id or name "${hotelRef}".`]);
    if (hotels.length > 1)
      throw new HotelsCommandError([
        `${hotels.length} hotels are named "${hotelRef}": name one by its id.`,
        ...hotels.map((hotel) => `  ${hotel.id}  ${hotel.name} (${hotel.status})`),
      ]);
    const hotel = hotels[0]!;
    const admins = await trx
      .selectFrom('hotel_members')
      .leftJoin('profiles', 'profiles.id', 'hotel_members.user_id')
      .select('profiles.email')
      .where('hotel_id', '=', hotel.id)
      .where('role', '=', 'admin')
      .execute();
    if (admins.length > 0)
      throw new HotelsCommandError([
        `${hotel.name} already has an admin (${admins.map((admin) => admin.email ?? 'no email').join(', ')}): ` +
          'they invite others from the hotel console. Nothing was changed.',
      ]);
    const inviteId = await createInvite(
      trx,
      deps,
      { hotelId: hotel.id, kind: 'first_admin', email, role: 'admin', invitedBy: null },
      now,
    );
    const standing = hotel.status === 'connected' ? '' : ` The hotel is ${hotel.status}.`;
    return {
      inviteId,
      lines: [
        `${hotel.name} (${hotel.id}): a set-up link for ${email} is recorded; it makes them the hotel's admin ` +
          `once they open it signed in as that address, within ${HOTEL_LINK_HOURS} hours; an earlier unused ` +
          `link to that address no longer works.${standing}`,
      ],
    };
  });
}

/** The command line, read by node:util's parseArgs; every problem is reported at once, in the operator's words. */
function readArgs(argv: readonly string[]) {
  const problems: string[] = [];
  const { values, positionals } = parseStrictly(argv);
  const [command, ...extra] = positionals;
  if (command !== 'first-admin') throw new HotelsCommandError(HOTELS_USAGE);
  for (const word of extra) problems.push(`Unknown argument "${word}".`);
  const hotel = typeof values.hotel === 'string' ? values.hotel.trim() : '';
  if (!hotel) problems.push('--hotel is required: the hotel id or its name.');
  const email = typeof values.email === 'string' ? values.email.trim().toLowerCase() : '';
  if (!email) problems.push('--email is required: the address of the person who sets up the hotel.');
  else if (!z.email().safeParse(email).success) problems.push(`Not an email address: ${email}.`);
  if (problems.length) throw new HotelsCommandError([...problems, ...HOTELS_USAGE]);
  return { hotel, email };
}

/** node:util's parseArgs, strict: an unknown option or one without its value is refused in its own words. */
function parseStrictly(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      options: { hotel: { type: 'string' }, email: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new HotelsCommandError([error instanceof Error ? error.message : String(error), ...HOTELS_USAGE]);
  }
}
