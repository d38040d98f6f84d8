import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reversePayout } from '../../server/payouts/reverse-payout.ts';
import { scheduleSalePayout } from '../../server/payouts/schedule-payout.ts';
import { sendPayout } from '../../server/payouts/send-payout.ts';
import { startBuyingServer, type BuyingFixture } from '../helpers/buying-fixture.ts';
import { transferredSaleOfReadySeller } from '../helpers/ready-seller.ts';

/** A payout job that changes nothing says why in the log: an operator reading it never meets a silent no-op. */
let fx: BuyingFixture;

beforeAll(async () => {
  fx = await startBuyingServer();
});
afterAll(() => fx.close());

/** The fixture's dependencies with a logger whose lines (message and order) the test reads. */
function tracedDeps() {
  const lines: { msg: string; orderId?: string; level: number }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  return { deps: { ...fx.deps, logger: pino({ level: 'info' }, sink) }, lines };
}

describe('the payout jobs’ early returns', () => {
  it('are each logged with the order and why', async () => {
    const sale = await transferredSaleOfReadySeller(fx, 'transferred');
    const { deps, lines } = tracedDeps();
    await sendPayout(deps, sale.orderId);
    await scheduleSalePayout(deps, sale.orderId);
    await reversePayout(deps, '00000000-0000-4000-8000-000000000000');
    await sendPayout(deps, '00000000-0000-4000-8000-000000000000');
    expect(lines.map((line) => [line.orderId, line.msg])).toEqual([
      [sale.orderId, 'payout not sent: the payout is paid, not scheduled'],
      [sale.orderId, 'no payout scheduled: the order’s payout was scheduled before'],
      ['00000000-0000-4000-8000-000000000000', 'nothing to reverse: no transfer of this payout is with the seller'],
      ['00000000-0000-4000-8000-000000000000', 'payout not sent: the order has no payout'],
    ]);
  });
});
