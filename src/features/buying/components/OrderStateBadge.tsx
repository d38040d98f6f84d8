import type { OrderState } from '../../../../contract/buying.ts';

const LOOK: Record<OrderState, { label: string; className: string }> = {
  paid: { label: 'Paid', className: 'bg-emerald-100 text-emerald-800' },
  open: { label: 'Awaiting payment', className: 'bg-amber-100 text-amber-800' },
  expired: { label: 'Expired', className: 'bg-slate-100 text-slate-700' },
  cancelled: { label: 'Cancelled', className: 'bg-slate-100 text-slate-700' },
  refunded: { label: 'Refunded', className: 'bg-sky-100 text-sky-800' },
};

export function OrderStateBadge({ state }: { state: OrderState }) {
  const { label, className } = LOOK[state];
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${className}`}>{label}</span>;
}
