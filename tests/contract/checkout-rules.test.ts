import { describe, expect, it } from 'vitest';
import { createCheckoutSessionRequestSchema } from '../../contract/buying.ts';
import { GUEST_NAME_MAX, guestNameProblem, isHeldDetails } from '../../contract/checkout-rules.ts';

// A stay's page checks the guest's name without zod (ADR 0082); it must refuse what the API refuses, in its words.
const apiProblem = (which: 'first' | 'last', name: string) => {
  const rule = createCheckoutSessionRequestSchema.shape[which === 'first' ? 'guestFirstName' : 'guestLastName'];
  const result = rule.unwrap().safeParse(name);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe("the checkout's rules without zod", () => {
  const names = [
    'Ana',
    '  Ana  ',
    '',
    '   ',
    '1234',
    'Ana\u0007',
    'Zoë',
    'ä',
    'x'.repeat(GUEST_NAME_MAX),
    'x'.repeat(101),
  ];

  it.each(names)('says of the name %j what the API says', (name) => {
    for (const which of ['first', 'last'] as const) expect(guestNameProblem(which, name)).toBe(apiProblem(which, name));
  });

  it('tells the details of a stay someone else is paying for', () => {
    expect(isHeldDetails({ reason: 'held', holdExpiresAt: '2026-12-01T10:00:00.000Z' })).toBe(true);
    expect(isHeldDetails({ reason: 'held' })).toBe(false);
    expect(isHeldDetails({ reason: 'price_changed', holdExpiresAt: 'x' })).toBe(false);
    expect(isHeldDetails(null)).toBe(false);
  });
});
