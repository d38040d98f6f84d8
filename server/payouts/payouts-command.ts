import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import type { DebtSettlement } from '../db/schema-money.ts';
import { heldPayoutLines, listHeldPayouts, releaseHeldPayout } from './held-payouts.ts';
import { listSellerDebts, sellerDebtLines, settleSellerDebt } from './seller-debts.ts';

export const PAYOUTS_USAGE =
  'usage: npm run payouts -- debts | npm run payouts -- debt-settled <orderId> --how collected|written_off' +
  ' | npm run payouts -- held | npm run payouts -- release <orderId>';

const SETTLEMENTS: readonly DebtSettlement[] = ['collected', 'written_off'];

/** A refusal the operator reads, one line per thing wrong with the command; nothing was changed. */
export class PayoutsCommandError extends Error {
  constructor(readonly lines: readonly string[]) {
    super(lines.join('\n'));
  }
}

/**
 * The operator's commands on payouts. `debts`: the sellers' debts still owed (refused reversals). `debt-settled
 * <orderId> --how collected|written_off`: records how one ended (settleSellerDebt). `held`: the payouts held after
 * a partial refund of their sale. `release <orderId>`: pays a held payout's seller their share less what was
 * refunded (releaseHeldPayout). Answers the lines to print; throws PayoutsCommandError, having changed nothing,
 * with one line per bad argument or for an order with nothing to settle or release.
 */
export async function runPayoutsCommand(
  argv: readonly string[],
  deps: { db: Kysely<Database>; clock: () => Date },
): Promise<string[]> {
  const args = readArgs(argv);
  const [command, ...rest] = args.positionals;
  const bare = rest.length === 0 && args.problems.length === 0 && args.how.length === 0;
  if (command === 'debts' && bare) return sellerDebtLines(await listSellerDebts(deps.db));
  if (command === 'held' && bare) return heldPayoutLines(await listHeldPayouts(deps.db));
  if (command === 'release') return release(deps, args);
  if (command !== 'debt-settled') throw new PayoutsCommandError([PAYOUTS_USAGE]);
  const { orderId, how } = parseDebtSettled(args);
  const outcome = await settleSellerDebt(deps, orderId, how);
  if ('refused' in outcome) throw new PayoutsCommandError([outcome.refused]);
  const { amountCents, currency, sellerId } = outcome.settled;
  return [
    `Order ${orderId}: the seller's debt of ${(amountCents / 100).toFixed(2)} ${currency} (seller ${sellerId}) ` +
      `is recorded ${how.replace('_', ' ')}; it is no longer listed by npm run payouts -- debts.`,
  ];
}

interface CommandArgs {
  positionals: string[];
  /** Every `--how` given (a bare `--how` as null). */
  how: (string | null)[];
  problems: string[];
}

/**
 * The command line, read by node:util's parseArgs without its strict mode so that every problem is reported in
 * the operator's words at once: an unknown option is named (with its value, if any, taken as its own).
 */
function readArgs(argv: readonly string[]): CommandArgs {
  const { tokens } = parseArgs({
    args: [...argv],
    options: { how: { type: 'string', multiple: true } },
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const args: CommandArgs = { positionals: [], how: [], problems: [] };
  let unknownBefore = false;
  for (const token of tokens) {
    if (token.kind === 'positional' && !unknownBefore) args.positionals.push(token.value);
    unknownBefore = false;
    if (token.kind !== 'option') continue;
    if (token.name === 'how') args.how.push(token.value ?? null);
    else {
      args.problems.push(`Unknown argument "${token.rawName}".`);
      unknownBefore = token.value === undefined;
    }
  }
  return args;
}

/** The order id of `<command> <orderId>`, with a line per problem with it. */
function orderIdOf(args: CommandArgs, problems: string[]): string {
  const orderId = args.positionals[1];
  if (!orderId) problems.push(`An order id is required. ${PAYOUTS_USAGE}`);
  else if (!z.uuid().safeParse(orderId).success) problems.push(`Not an order id: ${orderId}.`);
  for (const extra of args.positionals.slice(2)) problems.push(`Unknown argument "${extra}".`);
  return orderId ?? '';
}

function parseDebtSettled(args: CommandArgs): { orderId: string; how: DebtSettlement } {
  const problems: string[] = [];
  const orderId = orderIdOf(args, problems);
  problems.push(...args.problems);
  const [how, twice] = args.how;
  if (twice !== undefined) problems.push('--how is given twice.');
  else if (how === null) problems.push('--how needs a value: collected or written_off.');
  else if (how === undefined) problems.push('--how is required: collected or written_off.');
  else if (!(SETTLEMENTS as readonly string[]).includes(how))
    problems.push(`Unknown outcome "${how}": use collected or written_off.`);
  if (problems.length) throw new PayoutsCommandError(problems);
  return { orderId, how: how as DebtSettlement };
}

async function release(deps: { db: Kysely<Database>; clock: () => Date }, args: CommandArgs) {
  const problems: string[] = [];
  const orderId = orderIdOf(args, problems);
  problems.push(...args.problems);
  if (args.how.length) problems.push('Unknown argument "--how".');
  if (problems.length) throw new PayoutsCommandError(problems);
  const outcome = await releaseHeldPayout(deps, orderId);
  if ('refused' in outcome) throw new PayoutsCommandError([outcome.refused]);
  const { payCents, refundedCents, currency, releaseAt } = outcome.released;
  return [
    `Order ${orderId}: the payout is released for ${(payCents / 100).toFixed(2)} ${currency} (the seller's share ` +
      `less ${(refundedCents / 100).toFixed(2)} ${currency} refunded); a running server sends it from ` +
      `${releaseAt.toISOString()}.`,
  ];
}
