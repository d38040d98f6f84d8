import { describe, expect, it } from 'vitest';
import { formatMajorUnits } from '../../contract/money-format.ts';
import {
  cardOriginalPrice,
  cardSavings,
  detailDiscount,
  detailOriginalPrice,
  stayNights,
} from '../../src/lib/pricing.ts';

describe('card arithmetic', () => {
  it.each([
    [1234, 1480.8, 246.8],
    [100, 120, 20],
    [99.99, 119.99, 20],
    [0.1, 0.12, 0.02],
  ])('price %d: original %d, saves %d', (price, original, savings) => {
    expect(cardOriginalPrice(price)).toBe(original);
    expect(cardSavings(price)).toBe(savings);
  });

  it('shows two decimals', () => {
    expect(formatMajorUnits(cardOriginalPrice(1234), 'USD', { cents: 'always' })).toBe('$1,480.80');
    expect(formatMajorUnits(cardSavings(100), 'USD', { cents: 'always' })).toBe('$20.00');
    expect(formatMajorUnits(20)).toBe('$20');
    expect(formatMajorUnits(20.5)).toBe('$20.50');
  });
});

describe('detail arithmetic', () => {
  it('rounds the original price and discount to whole units', () => {
    expect(detailOriginalPrice(1234)).toBe(1481);
    expect(detailDiscount(1234)).toBe(247);
    expect(detailOriginalPrice(99.5)).toBe(119);
    expect(detailDiscount(99.5)).toBe(20);
  });

  it('counts nights as days between check-in and check-out, rounded up', () => {
    expect(stayNights('2026-03-03T00:00:00Z', '2026-03-07T00:00:00Z')).toBe(4);
    expect(stayNights('2026-03-03T15:00:00Z', '2026-03-05T11:00:00Z')).toBe(2);
    expect(stayNights('2026-03-03T00:00:00Z', '2026-03-04T01:00:00Z')).toBe(2);
    expect(stayNights(null, '2026-03-04T01:00:00Z')).toBeNull();
  });
});
