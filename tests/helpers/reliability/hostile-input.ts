import fc from 'fast-check';
import { z } from 'zod';

/** Strings that have broken servers: injections, control characters, odd Unicode, paths, huge and empty. */
export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  "' OR '1'='1",
  "'; DROP TABLE listings; --",
  '$1',
  '%',
  '%%',
  '%s%s%s%n',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '\u202Eevil',
  '\uD800',
  '\uFFFF',
  '😀🏨',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'x'.repeat(300),
  'y'.repeat(70_000),
  '__proto__',
  'constructor',
] as const;

export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** Any JSON value a client might send where something else was expected. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

/** The keys of a zod object schema (also behind a refine or a pipe), else none. */
export function objectKeys(schema: z.ZodType | undefined): string[] {
  let current: unknown = schema;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof z.ZodObject) return Object.keys(current.shape);
    const def = (current as { def?: { in?: unknown; innerType?: unknown; schema?: unknown } }).def;
    current = def?.in ?? def?.innerType ?? def?.schema;
  }
  return [];
}

/**
 * A body built from the schema's own field names with wrong values: each field hostile or missing, plus
 * fields nobody asked for (prototype keys among them).
 */
export function bodyFromSchema(keys: string[]): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(keys.map((key) => [key, hostileValue]));
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.dictionary(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra', 'isAdmin', 'status', 'price_cents'),
        hostileValue,
        {
          maxKeys: 2,
        },
      ),
    )
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/** Values no field of any contract accepts: wrong types, a NUL inside text, text far over every limit. */
const INVALID_FIELD_VALUES = [null, 123, true, [], {}, 'a\u0000b', 'y'.repeat(70_000)] as const;

/** A valid body with exactly one field made invalid: the rest passes, so that one field's check is reached. */
export function mutateOne(valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.constantFrom(...Object.keys(valid)), fc.constantFrom(...INVALID_FIELD_VALUES))
    .map(([key, value]) => ({ ...valid, [key]: value }));
}

/** Raw bodies no parser should choke on: broken JSON, deep nesting, prototype pollution, huge. */
export const RAW_BODIES = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '"unterminated',
  '{"a":1,}',
  "{'a':1}",
  '\u0000',
  '\uFEFF{}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`,
  JSON.stringify({ filler: 'z'.repeat(150_000) }),
  JSON.stringify(Array.from({ length: 5_000 }, (_, i) => i)),
  'a=1&a=2&b[c]=3&__proto__[x]=1',
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
] as const;

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=bogus',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  '*/*',
  '',
] as const;

/** Path parameters: malformed escapes, traversal, NUL, long, emoji, injections, unicode. */
export const PATH_PARAMS = [
  '%',
  '%E0%A4%A',
  '%ZZ',
  '%C0%AF',
  '..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f',
  '%00',
  'a%00b',
  'p'.repeat(300),
  '%F0%9F%98%80',
  '%27%20OR%20%271%27%3D%271',
  '-1',
  '0',
  'null',
  '00000000-0000-0000-0000-000000000000',
  '%20',
  '%0d%0aSet-Cookie:%20x=1',
  '__proto__',
  '%uD800',
] as const;

/** Percent-encodes text; lone surrogates (which UTF-8 cannot carry) become U+FFFD first. */
export const encode = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));

/** Query strings: repeated, nested, prototype keys, huge, broken escapes. */
export function hostileQuery(keys: string[]): fc.Arbitrary<string> {
  const known = keys.length ? keys : ['q'];
  const pair = fc
    .tuple(fc.constantFrom(...known, '__proto__[x]', 'a[b][c]', 'constructor'), hostileString)
    .map(([key, value]) => `${encode(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encode(value)}`);
  return fc.oneof(
    fc.constant(''),
    fc.array(pair, { minLength: 1, maxLength: 4 }).map((pairs) => `?${pairs.join('&')}`),
    fc.constantFrom(...known).map((key) => `?${key}=1&${key}=2`),
    fc.constantFrom(...known).map((key) => `?${key}[]=1&${key}[x]=2`),
    fc.constantFrom('?%', '?a=%E0%A4%A', '?a=%00', `?${'x=1&'.repeat(2_000)}`, `?q=${'w'.repeat(10_000)}`),
  );
}
