import type { OrderState } from '../../../../contract/buying.ts';
import { ORDER_STATE_TEXT } from '../order-progress.ts';

const TONE: Record<OrderState, string> = {
  open: 'bg-amber-100 text-amber-800',
  paid: 'bg-emerald-100 text-emerald-800',
  transferring: 'bg-sky-100 text-sky-800',
  transfer_unknown: 'bg-amber-100 text-amber-800',
  transferred: 'bg-emerald-100 text-emerald-800',
  transfer_failed: 'bg-amber-100 text-amber-800',
  refund_pending: 'bg-amber-100 text-amber-800',
  refunded: 'bg-sky-100 text-sky-800',
  expired: 'bg-slate-100 text-slate-700',
  cancelled: 'bg-slate-100 text-slate-700',
};

export function OrderStateBadge({ state }: { state: OrderState }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[state]}`}>
      {ORDER_STATE_TEXT[state].badge}
    </span>
  );
}
