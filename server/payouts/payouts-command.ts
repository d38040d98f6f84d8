import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import type { DebtSettlement } from '../db/schema-money.ts';
import { listSellerDebts, sellerDebtLines, settleSellerDebt } from './seller-debts.ts';

export const PAYOUTS_USAGE =
  'usage: npm run payouts -- debts | npm run payouts -- debt-settled <orderId> --how collected|written_off';

const SETTLEMENTS: readonly DebtSettlement[] = ['collected', 'written_off'];

/** A refusal the operator reads, one line per thing wrong with the command; nothing was changed. */
export class PayoutsCommandError extends Error {
  constructor(readonly lines: readonly string[]) {
    super(lines.join('\n'));
  }
}

/**
 * The operator's commands on payouts. `debts`: the sellers' debts still owed (refused reversals). `debt-settled
 * <orderId> --how collected|written_off`: records how one ended (settleSellerDebt). Answers the lines to print;
 * throws PayoutsCommandError, having changed nothing, with one line per bad argument or for an order with no
 * debt left to settle.
 */
export async function runPayoutsCommand(
  argv: readonly string[],
  deps: { db: Kysely<Database>; clock: () => Date },
): Promise<string[]> {
  const [command, ...rest] = argv;
  if (command === 'debts' && rest.length === 0) return sellerDebtLines(await listSellerDebts(deps.db));
  if (command !== 'debt-settled') throw new PayoutsCommandError([PAYOUTS_USAGE]);
  const { orderId, how } = parseDebtSettled(rest);
  const outcome = await settleSellerDebt(deps, orderId, how);
  if ('refused' in outcome) throw new PayoutsCommandError([outcome.refused]);
  const { amountCents, currency, sellerId } = outcome.settled;
  return [
    `Order ${orderId}: the seller's debt of ${(amountCents / 100).toFixed(2)} ${currency} (seller ${sellerId}) ` +
      `is recorded ${how.replace('_', ' ')}; it is no longer listed by npm run payouts -- debts.`,
  ];
}

function parseDebtSettled(args: readonly string[]): { orderId: string; how: DebtSettlement } {
  const problems: string[] = [];
  const [orderId, ...options] = args;
  if (!orderId || orderId.startsWith('--')) problems.push(`An order id is required. ${PAYOUTS_USAGE}`);
  else if (!z.uuid().safeParse(orderId).success) problems.push(`Not an order id: ${orderId}.`);
  let how: string | undefined;
  const flags = orderId?.startsWith('--') ? args : options;
  for (let index = 0; index < flags.length; index += 2) {
    const [flag, value] = [flags[index]!, flags[index + 1]];
    if (flag !== '--how') problems.push(`Unknown argument "${flag}".`);
    else if (how !== undefined) problems.push('--how is given twice.');
    else if (value === undefined) problems.push('--how needs a value: collected or written_off.');
    else {
      how = value;
      if (!(SETTLEMENTS as readonly string[]).includes(value))
        problems.push(`Unknown outcome "${value}": use collected or written_off.`);
    }
  }
  if (how === undefined && !problems.some((problem) => problem.startsWith('--how')))
    problems.push('--how is required: collected or written_off.');
  if (problems.length) throw new PayoutsCommandError(problems);
  return { orderId: orderId!, how: how as DebtSettlement };
}
