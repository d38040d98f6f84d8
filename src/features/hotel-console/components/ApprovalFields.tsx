import {
  APPROVAL_LIMITS,
  approvalPolicyOf,
  type ApprovalPolicy,
  type ResalePolicy,
} from '../../../../contract/resale-policy.ts';

const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 focus:border-brand-500 focus:ring-brand-500';

/** A number field of the section, labelled and described; empty reads as null (an optional rule then off). */
function NumberField(props: {
  id: string;
  label: string;
  hintId: string;
  max?: number;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  return (
    <div>
      <label htmlFor={props.id} className="font-semibold text-slate-900">
        {props.label}
      </label>
      <input
        id={props.id}
        type="number"
        inputMode="decimal"
        min={0}
        max={props.max}
        className={fieldClass}
        value={props.value ?? ''}
        aria-describedby={props.hintId}
        onChange={(e) => props.onChange(e.target.value.trim() === '' ? null : Number(e.target.value))}
      />
    </div>
  );
}

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
          <NumberField
            id="approval-within-days"
            label="Only stays within this many days of check-in"
            hintId="approval-only-hint"
            max={APPROVAL_LIMITS.maxWithinDays}
            value={approval.withinDays}
            onChange={(withinDays) => set({ withinDays })}
          />
          <NumberField
            id="approval-above-price"
            label="Only stays asking more than (in the stay’s currency)"
            hintId="approval-only-hint"
            value={approval.aboveAskingPrice}
            onChange={(aboveAskingPrice) => set({ aboveAskingPrice })}
          />
          <p id="approval-only-hint" className="text-sm text-slate-600 sm:col-span-2">
            Leave both empty to approve every listing. With either set, a listing that meets either waits for you.
          </p>
          <div>
            <NumberField
              id="approval-deadline"
              label="Hours we have to decide"
              hintId="approval-deadline-hint"
              max={APPROVAL_LIMITS.maxDeadlineHours}
              value={approval.deadlineHours}
              onChange={(hours) => set({ deadlineHours: Math.trunc(hours ?? 0) })}
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
