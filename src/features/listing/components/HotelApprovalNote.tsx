import type { HotelApproval } from '../../../../contract/hotel-approval.ts';

/** The hotel's word on this resale: which hotel approves it and the rules a buyer should know. */
export function HotelApprovalNote({ approval }: { approval: HotelApproval }) {
  return (
    <section
      aria-labelledby="hotel-approval-heading"
      className="mt-4 rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200 sm:max-w-lg"
    >
      <h2 id="hotel-approval-heading" className="flex items-center gap-2 font-semibold text-emerald-900">
        <span aria-hidden="true">✓</span>
        {/* One text node, so the drawn page and the script's render read the same words. */}
        <span>{`Resale approved by ${approval.hotelName}`}</span>
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-emerald-900">
        {approval.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  );
}
