import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import type { DebtSettlement } from '../db/schema-money.ts';
import { heldPayoutLines, listHeldPayouts, releaseHeldPayout } from './held-payouts.ts';
import { hasHotelDebt, hotelDebtLines, listHotelDebts, settleHotelDebt } from './hotel-debts.ts';
import type { Debt } from './debts.ts';
import { listSellerDebts, sellerDebtLines, settleSellerDebt } from './seller-debts.ts';

export const PAYOUTS_USAGE =
  'usage: npm run payouts -- debts | npm run payouts -- debt-settled <orderId> [--hotel] --how collected|written_off' +
  ' | npm run payouts -- held | npm run payouts -- release <orderId>';

const SETTLEMENTS: readonly DebtSettlement[] = ['collected', 'written_off'];

/** A refusal the operator reads, one line per thing wrong with the command; nothing was changed. */
export class PayoutsCommandError extends Error {
  constructor(readonly lines: readonly string[]) {
    super(lines.join('\n'));
  }
}

/**
 * The operator's commands on payouts. `debts`: the sellers' debts still owed (refused reversals), then the hotels'
 * (refused reversals of their fees). `debt-settled <orderId> [--hotel] --how collected|written_off`: records how
 * one ended, the seller's (settleSellerDebt) or with `--hotel` the hotel's (settleHotelDebt): one order can owe
 * both back, and each is settled on its own. `held`: the payouts held after a partial refund of their sale.
 * `release <orderId>`: pays a held payout's seller their share less what was refunded (releaseHeldPayout).
 * Answers the lines to print; throws PayoutsCommandError, having changed nothing, with one line per bad argument or
 * for an order with nothing to settle or release.
 */
export async function runPayoutsCommand(
  argv: readonly string[],
  deps: { db: Kysely<Database>; clock: () => Date },
): Promise<string[]> {
  const args = readArgs(argv);
  const [command, ...rest] = args.positionals;
  const bare = rest.length === 0 && args.problems.length === 0 && args.how.length === 0 && !args.hotel;
  if (command === 'debts' && bare)
    return [...sellerDebtLines(await listSellerDebts(deps.db)), ...hotelDebtLines(await listHotelDebts(deps.db))];
  if (command === 'held' && bare) return heldPayoutLines(await listHeldPayouts(deps.db));
  if (command === 'release') return release(deps, args);
  if (command !== 'debt-settled') throw new PayoutsCommandError([PAYOUTS_USAGE]);
  const { orderId, how } = parseDebtSettled(args);
  if (args.hotel) {
    const outcome = await settleHotelDebt(deps, orderId, how);
    if ('refused' in outcome) throw new PayoutsCommandError([outcome.refused]);
    const { hotelId, hotelName } = outcome.settled;
    return [settledLine(outcome.settled, "hotel's", `hotel ${hotelId} ${hotelName}`, how)];
  }
  const outcome = await settleSellerDebt(deps, orderId, how);
  if ('refused' in outcome) {
    const hint = (await hasHotelDebt(deps.db, orderId)) ? ' Its hotel owes its fee back: add --hotel.' : '';
    throw new PayoutsCommandError([outcome.refused + hint]);
  }
  return [settledLine(outcome.settled, "seller's", `seller ${outcome.settled.sellerId}`, how)];
}

function settledLine(debt: Debt, whose: string, debtor: string, how: DebtSettlement) {
  return (
    `Order ${debt.orderId}: the ${whose} debt of ${(debt.amountCents / 100).toFixed(2)} ${debt.currency} ` +
    `(${debtor}) is recorded ${how.replace('_', ' ')}; it is no longer listed by npm run payouts -- debts.`
  );
}

interface CommandArgs {
  positionals: string[];
  /** Every `--how` given (a bare `--how` as null). */
  how: (string | null)[];
  /** `--hotel` given: the hotel's debt of the order, not the seller's. */
  hotel: boolean;
  problems: string[];
}

/**
 * The command line, read by node:util's parseArgs without its strict mode so that every problem is reported in
 * the operator's words at once: an unknown option is named (with its value, if any, taken as its own).
 */
function readArgs(argv: readonly string[]): CommandArgs {
  const { tokens } = parseArgs({
    args: [...argv],
    options: { how: { type: 'string', multiple: true }, hotel: { type: 'boolean' } },
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const args: CommandArgs = { positionals: [], how: [], hotel: false, problems: [] };
  let unknownBefore = false;
  for (const token of tokens) {
    if (token.kind === 'positional' && !unknownBefore) args.positionals.push(token.value);
    unknownBefore = false;
    if (token.kind !== 'option') continue;
    if (token.name === 'how') args.how.push(token.value ?? null);
    else if (token.name === 'hotel' && token.value === undefined) args.hotel = true;
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
  if (args.hotel) problems.push('Unknown argument "--hotel".');
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
