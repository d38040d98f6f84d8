import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import '../../src/lib/zod-jitless.ts';

describe('zod in the browser', () => {
  it('builds schemas without compiled parsers, which would probe for eval against the page CSP', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ id: z.string() }).parse({ id: 'stay' })).toEqual({ id: 'stay' });
  });
});
