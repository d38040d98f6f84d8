import { describe, expect, it } from 'vitest';
import {
  canTransitionOrder,
  isPaymentRecorded,
  isRefund,
  isSale,
  isSaleUnderWay,
  isSettled,
  ORDER_STATES,
  type OrderState,
} from '../../contract/order-state.ts';

const reachableFrom = (start: OrderState) => {
  const seen = new Set<OrderState>([start]);
  const queue = [start];
  while (queue.length) {
    const from = queue.shift()!;
    for (const to of ORDER_STATES) {
      if (canTransitionOrder(from, to) && !seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return seen;
};

describe('the order machine', () => {
  it('ends every paid order transferred or refunded, and refunded is the only state with no way out', () => {
    for (const state of ORDER_STATES.filter(isPaymentRecorded)) {
      const reachable = reachableFrom(state);
      expect(reachable.has('transferred') || reachable.has('refunded'), state).toBe(true);
      expect(reachable.has('refunded'), state).toBe(true);
    }
    const terminal = ORDER_STATES.filter((from) => ORDER_STATES.every((to) => !canTransitionOrder(from, to)));
    expect(terminal).toEqual(['refunded']);
  });

  it('never takes a recorded payment back to an unpaid state, and reaches refunded only through a refund', () => {
    for (const from of ORDER_STATES.filter(isPaymentRecorded)) {
      for (const to of ORDER_STATES)
        if (canTransitionOrder(from, to)) expect(isPaymentRecorded(to), `${from}->${to}`).toBe(true);
    }
    expect(ORDER_STATES.filter((from) => canTransitionOrder(from, 'transferred'))).toEqual([
      'transferring',
      'transfer_unknown',
    ]);
    expect(ORDER_STATES.filter((from) => canTransitionOrder(from, 'transfer_unknown'))).toEqual(['transferring']);
    expect(ORDER_STATES.filter((from) => canTransitionOrder(from, 'transferring'))).toEqual(['paid']);
    expect(canTransitionOrder('open', 'refunded')).toBe(false);
    expect(canTransitionOrder('expired', 'refunded')).toBe(false);
  });

  it('answers each predicate for every state', () => {
    const table = Object.fromEntries(
      ORDER_STATES.map((state) => [
        state,
        [isPaymentRecorded(state), isSaleUnderWay(state), isSale(state), isRefund(state), isSettled(state)],
      ]),
    );
    expect(table).toEqual({
      open: [false, false, false, false, false],
      paid: [true, true, true, false, false],
      transferring: [true, true, true, false, false],
      transfer_unknown: [true, true, true, false, false],
      transferred: [true, false, true, false, true],
      transfer_failed: [true, false, false, true, false],
      refund_pending: [true, false, false, true, false],
      refunded: [true, false, false, true, true],
      expired: [false, false, false, false, true],
      cancelled: [false, false, false, false, true],
    });
  });
});
