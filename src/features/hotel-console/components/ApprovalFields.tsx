import {
  APPROVAL_LIMITS,
  approvalPolicyOf,
  type ApprovalPolicy,
  type ResalePolicy,
} from '../../../../contract/resale-policy.ts';

const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-500 focus:ring-brand-500';

/** A number field's value, or null while it is empty (the rule is then off). */
const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * The policy's approval section: whether the hotel approves each listing before it goes on sale (all of them, or
 * only those close to check-in or above an asking price), how long it has to decide, and what happens then.
 */
export function ApprovalFields({
  policy,
  onChange,
}: {
  policy: ResalePolicy;
  onChange: (approval: ApprovalPolicy) => void;
}) {
  const approval = approvalPolicyOf(policy);
  const set = (changes: Partial<ApprovalPolicy>) => onChange({ ...approval, ...changes });
  const manual = approval.mode === 'manual';
  return (
    <fieldset>
      <legend className="text-base font-semibold text-slate-900">Approval of each stay</legend>
      <div className="mt-2 space-y-2">
        <label className="flex items-center gap-2">
          <input type="radio" name="approval-mode" checked={!manual} onChange={() => set({ mode: 'automatic' })} />
          Automatic: a listing the policy allows is on sale at once
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="approval-mode" checked={manual} onChange={() => set({ mode: 'manual' })} />
          We approve each listing before anyone can buy it
        </label>
      </div>
      {manual ? (
        <div className="mt-4 grid gap-6 sm:grid-cols-2">
          <div>
            <label htmlFor="approval-within-days" className="font-semibold text-slate-900">
              Only stays within this many days of check-in
            </label>
            <input
              id="approval-within-days"
              type="number"
              inputMode="numeric"
              min={1}
              max={APPROVAL_LIMITS.maxWithinDays}
              className={fieldClass}
              value={approval.withinDays ?? ''}
              aria-describedby="approval-only-hint"
              onChange={(e) => set({ withinDays: optionalNumber(e.target.value) })}
            />
          </div>
          <div>
            <label htmlFor="approval-above-price" className="font-semibold text-slate-900">
              Only stays asking more than (in the stay’s currency)
            </label>
            <input
              id="approval-above-price"
              type="number"
              inputMode="decimal"
              min={0}
              className={fieldClass}
              value={approval.aboveAskingPrice ?? ''}
              aria-describedby="approval-only-hint"
              onChange={(e) => set({ aboveAskingPrice: optionalNumber(e.target.value) })}
            />
          </div>
          <p id="approval-only-hint" className="text-sm text-slate-600 sm:col-span-2">
            Leave both empty to approve every listing. With either set, a listing that meets either waits for you.
          </p>
          <div>
            <label htmlFor="approval-deadline" className="font-semibold text-slate-900">
              Hours we have to decide
            </label>
            <input
              id="approval-deadline"
              type="number"
              inputMode="numeric"
              min={1}
              max={APPROVAL_LIMITS.maxDeadlineHours}
              className={fieldClass}
              value={approval.deadlineHours}
              aria-describedby="approval-deadline-hint"
              onChange={(e) => set({ deadlineHours: Math.trunc(Number(e.target.value)) })}
            />
            <p id="approval-deadline-hint" className="mt-1 text-sm text-slate-600">
              Never later than the cut-off before check-in. Sellers are told you usually answer within this time.
            </p>
          </div>
          <fieldset>
            <legend className="font-semibold text-slate-900">If we have not decided by then</legend>
            <label className="mt-1 flex items-center gap-2">
              <input
                type="radio"
                name="approval-on-timeout"
                checked={approval.onTimeout === 'approve'}
                onChange={() => set({ onTimeout: 'approve' })}
              />
              Approve the listing
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="approval-on-timeout"
                checked={approval.onTimeout === 'reject'}
                onChange={() => set({ onTimeout: 'reject' })}
              />
              Reject it
            </label>
          </fieldset>
        </div>
      ) : null}
    </fieldset>
  );
}
