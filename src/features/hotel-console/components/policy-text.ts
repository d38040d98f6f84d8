import { NAME_CHANGE_FEE_MAX_SHARE_PERCENT } from '../../../../contract/stay-charge.ts';
import { approvalPolicyOf, CHANNEL_LABELS, cutOffText, type ResalePolicy } from '../../../../contract/resale-policy.ts';
import { deadlineText } from '../../../../contract/stay-approvals.ts';

/** A policy as the console reads it back, one line per rule: for staff, the history and the live summary. */
export function policyLines(policy: ResalePolicy): { label: string; value: string }[] {
  const chosen = (selection: ResalePolicy['rates'], all: string) =>
    selection === 'all' ? all : selection.length ? selection.map((item) => item.name).join(', ') : 'None';
  return [
    { label: 'Resale', value: policy.resaleEnabled ? 'Allowed' : 'Off' },
    {
      label: 'Channels',
      value: policy.channels.length ? policy.channels.map((c) => CHANNEL_LABELS[c]).join(', ') : 'None',
    },
    { label: 'Rates', value: chosen(policy.rates, 'Every rate') },
    { label: 'Room types', value: chosen(policy.roomTypes, 'Every room type') },
    {
      label: 'Cut-off',
      value: policy.cutOffHours ? `${cutOffText(policy.cutOffHours)} before check-in` : 'None',
    },
    {
      label: 'Blackout dates',
      value: policy.blackouts.length
        ? policy.blackouts.map((b) => (b.from === b.to ? b.from : `${b.from} to ${b.to}`)).join('; ')
        : 'None',
    },
    { label: 'Price cap', value: `${policy.priceCapPercent}% of the price paid` },
    { label: 'Approval', value: approvalText(policy) },
    {
      label: 'Name-change fee',
      value: policy.nameChangeFee.amountCents
        ? `${policy.nameChangeFee.amountCents / 100} per stay, at most ${NAME_CHANGE_FEE_MAX_SHARE_PERCENT}% of its asking price`
        : 'None',
    },
    { label: 'Charged at the desk', value: deskText(policy.deskCharges) },
  ];
}

/** "Automatic", or which stays the hotel approves, its decision time and what happens without a decision. */
function approvalText(policy: ResalePolicy): string {
  const approval = approvalPolicyOf(policy);
  if (approval.mode === 'automatic') return 'Automatic';
  const only = [
    approval.withinDays !== null ? `within ${approval.withinDays} days of check-in` : null,
    approval.aboveAskingPrice !== null ? `asking more than ${approval.aboveAskingPrice}` : null,
  ].filter(Boolean);
  const which = only.length ? `Stays ${only.join(' or ')}` : 'Every stay';
  const otherwise = approval.onTimeout === 'approve' ? 'approved' : 'rejected';
  return `${which}, decided within ${deadlineText(approval.deadlineHours)}, else ${otherwise}`;
}

/** What the hotel still charges at its desk, as one line (amounts in the hotel's currency's major unit). */
function deskText(desk: ResalePolicy['deskCharges']): string {
  const tax =
    desk.cityTax.kind === 'per_person_night'
      ? `city tax ${desk.cityTax.amountCents / 100} per person per night`
      : desk.cityTax.kind === 'percent'
        ? `city tax ${desk.cityTax.percent}%`
        : 'no city tax';
  return [
    tax,
    desk.depositCents ? `deposit ${desk.depositCents / 100}` : 'no deposit',
    desk.breakfastIncluded ? 'breakfast included' : 'breakfast not included',
    ...(desk.cancellationTerms ? [`cancellation: ${desk.cancellationTerms}`] : []),
  ].join('; ');
}
