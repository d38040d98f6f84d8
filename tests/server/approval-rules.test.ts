import { describe, expect, it } from 'vitest';
import { DEFAULT_APPROVAL_POLICY, type ResalePolicy } from '../../contract/resale-policy.ts';
import { awaitingHotelText, deadlineText, rejectedByHotelText } from '../../contract/stay-approvals.ts';
import { approvalDeadline, needsApproval } from '../../server/resale-policy/ask-hotel.ts';
import { ALLOW_ALL_POLICY } from '../helpers/test-hotel.ts';

const NOW = new Date('2031-03-01T12:00:00Z');
const HOUR_MS = 3_600_000;
const inDays = (days: number) => new Date(NOW.getTime() + days * 24 * HOUR_MS);
const manual = { ...DEFAULT_APPROVAL_POLICY, mode: 'manual' as const };

describe('which listings wait for the hotel', () => {
  it('none under automatic approval, every one under manual approval with no condition', () => {
    const facts = { startUtc: inDays(3), askingPriceCents: 100_000 };
    expect(needsApproval(DEFAULT_APPROVAL_POLICY, facts, NOW)).toBe(false);
    expect(needsApproval(manual, facts, NOW)).toBe(true);
  });

  it('with conditions, a stay meeting either: close to check-in, or asking more than the amount', () => {
    const policy = { ...manual, withinDays: 7, aboveAskingPrice: 300 };
    expect(needsApproval(policy, { startUtc: inDays(7), askingPriceCents: 30_000 }, NOW)).toBe(true);
    expect(needsApproval(policy, { startUtc: inDays(8), askingPriceCents: 30_001 }, NOW)).toBe(true);
    expect(needsApproval(policy, { startUtc: inDays(8), askingPriceCents: 30_000 }, NOW)).toBe(false);
  });
});

describe('the deadline', () => {
  const policy = (deadlineHours: number, cutOffHours: number): ResalePolicy => ({
    ...ALLOW_ALL_POLICY,
    cutOffHours,
    approval: { ...manual, deadlineHours },
  });

  it('is the decision time from now, but never later than the cut-off before check-in', () => {
    expect(approvalDeadline(policy(24, 48), inDays(10), NOW)).toEqual(new Date(NOW.getTime() + 24 * HOUR_MS));
    expect(approvalDeadline(policy(72, 48), inDays(3), NOW)).toEqual(inDays(1));
    expect(approvalDeadline(policy(24, 0), new Date(NOW.getTime() + 2 * HOUR_MS), NOW)).toEqual(
      new Date(NOW.getTime() + 2 * HOUR_MS),
    );
  });

  it('reads 24 hours by default for a version published before approvals existed', () => {
    expect(approvalDeadline(ALLOW_ALL_POLICY, inDays(10), NOW)).toEqual(inDays(1));
  });
});

describe('what the seller reads', () => {
  it('says the decision time as people say it', () => {
    expect([1, 12, 24, 48, 36].map(deadlineText)).toEqual(['1 hour', '12 hours', '24 hours', '2 days', '36 hours']);
    expect(awaitingHotelText('Hotel Seeblick', 48)).toBe(
      'Waiting for Hotel Seeblick to approve. Hotels usually answer within 2 days.',
    );
  });

  it('says why the hotel rejected the listing, in its own words when it gave some', () => {
    expect(rejectedByHotelText('Hotel Seeblick', 'guest_not_accepted', null)).toBe(
      'Hotel Seeblick did not approve this listing: the hotel does not accept this guest.',
    );
    expect(rejectedByHotelText('Hotel Seeblick', 'no_answer', null)).toBe(
      'Hotel Seeblick did not approve this listing: the hotel did not answer in time.',
    );
    expect(rejectedByHotelText('Hotel Seeblick', 'other', 'Renovation')).toBe(
      'Hotel Seeblick did not approve this listing: another reason. "Renovation"',
    );
  });
});
