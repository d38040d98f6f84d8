import { describe, expect, it } from 'vitest';
import { stayCount } from '../../src/features/marketplace/stay-count.ts';

describe('the count of stays a search found', () => {
  it.each([
    [0, false, '0 stays'],
    [1, false, '1 stay'],
    [1, true, '1+ stays'],
    [24, false, '24 stays'],
    [999, false, '999 stays'],
    [1000, true, '1,000+ stays'],
    [12345, false, '12,345 stays'],
    [1234567, false, '1,234,567 stays'],
  ])('%d (capped: %s) reads "%s", grouped as en-US writes it', (total, capped, text) => {
    expect(stayCount(total, capped)).toBe(text);
    expect(text.split(' ')[0]!.replace('+', '')).toBe(total.toLocaleString('en-US'));
  });
});
