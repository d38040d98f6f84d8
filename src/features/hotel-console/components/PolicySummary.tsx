import type { ResalePolicy } from '../../../../contract/resale-policy.ts';
import { policyLines } from './policy-text.ts';

/** A policy read back as a definition list: what staff see, and each version in the history. */
export function PolicySummary({ policy }: { policy: ResalePolicy }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
      {policyLines(policy).map((line) => (
        <div key={line.label} className="contents">
          <dt className="text-sm font-medium text-slate-600">{line.label}</dt>
          <dd className="text-slate-900">{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}
