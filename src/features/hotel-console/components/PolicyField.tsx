import type { ReactNode } from 'react';

/** Messages of the policy's check, by the field they are about (`cutOffHours`, `nameChangeFee.amountCents`, ...). */
export type FieldProblems = Record<string, string>;

export const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-500 focus:ring-brand-500';

/** A field with its problem said beside it (the id `<id>-problem` its input is described by). */
export function Field({ id, problem, children }: { id: string; problem: string | undefined; children: ReactNode }) {
  return (
    <div>
      {children}
      <p id={`${id}-problem`} className="mt-1 text-sm font-medium text-red-700">
        {problem ?? ''}
      </p>
    </div>
  );
}
