import { describe, expect, it } from 'vitest';
import { paidAtHotel, stayNights } from '../../src/lib/pricing.ts';

describe('the price paid at the hotel', () => {
  it('is shown with the saving, paid minus asking, to the cent', () => {
    expect(paidAtHotel({ price: 420, paid_price: 447 })).toEqual({ paid: 447, saving: 27 });
    expect(paidAtHotel({ price: 420.1, paid_price: 447 })).toEqual({ paid: 447, saving: 26.9 });
    expect(paidAtHotel({ price: 1234, paid_price: 1480.8 })).toEqual({ paid: 1480.8, saving: 246.8 });
  });

  it('is not shown when unknown, equal to or below the asking price', () => {
    expect(paidAtHotel({ price: 420, paid_price: null })).toBeNull();
    expect(paidAtHotel({ price: 420, paid_price: 420 })).toBeNull();
    expect(paidAtHotel({ price: 420, paid_price: 400 })).toBeNull();
  });
});

describe('stay arithmetic', () => {
  it('counts nights as days between check-in and check-out, rounded up', () => {
    expect(stayNights('2026-03-03T00:00:00Z', '2026-03-07T00:00:00Z')).toBe(4);
    expect(stayNights('2026-03-03T15:00:00Z', '2026-03-05T11:00:00Z')).toBe(2);
    expect(stayNights('2026-03-03T00:00:00Z', '2026-03-04T01:00:00Z')).toBe(2);
    expect(stayNights(null, '2026-03-04T01:00:00Z')).toBeNull();
  });
});
