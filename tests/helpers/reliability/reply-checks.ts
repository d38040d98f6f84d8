/**
 * What a reply to a malformed request may look like. The API answers in its one envelope; the stand-ins and the
 * built-in auth server speak their provider's wire (GoTrue, PostgREST, Stripe, Mews), so a client written for
 * the provider reads their errors; the test checkout and the dev pages are HTML pages.
 */
export interface Reply {
  status: number;
  contentType: string;
  text: string;
}

type Family = 'api' | 'gotrue' | 'postgrest' | 'stripe' | 'mews' | 'page';

export function familyOf(path: string): Family {
  if (path.startsWith('/auth/v1')) return 'gotrue';
  if (path.startsWith('/rest/v1')) return 'postgrest';
  if (path.startsWith('/v1/')) return 'stripe';
  if (path.startsWith('/demo-mews')) return 'mews';
  // Opened from a link in an alert email: a page a person reads, not a call a client makes.
  if (path.startsWith('/api/alerts/unsubscribe')) return 'page';
  if (path.startsWith('/api')) return 'api';
  return 'page';
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const str = (value: unknown) => typeof value === 'string' && value.length > 0;

const apiEnvelope = (body: unknown) =>
  isObject(body) &&
  body.success === false &&
  str(body.error) &&
  typeof body.code === 'string' &&
  /^[A-Z_]+$/.test(body.code);

const SHAPES: Record<Family, (body: unknown) => boolean> = {
  api: apiEnvelope,
  gotrue: (body) =>
    apiEnvelope(body) ||
    (isObject(body) &&
      ((str(body.code) && str(body.message)) ||
        (typeof body.code === 'number' && str(body.error_code) && str(body.msg)))),
  postgrest: (body) =>
    apiEnvelope(body) || (isObject(body) && str(body.code) && str(body.message) && 'details' in body && 'hint' in body),
  stripe: (body) =>
    apiEnvelope(body) || (isObject(body) && isObject(body.error) && str(body.error.type) && str(body.error.message)),
  mews: (body) => apiEnvelope(body) || (isObject(body) && str(body.Message)),
  page: apiEnvelope,
};

/** Families that answer some errors with an HTML page a person reads (sign-in form, checkout page). */
const HTML_ALLOWED: ReadonlySet<Family> = new Set(['gotrue', 'page']);

/** Signs of an internal error leaking out: stack frames, file paths, database messages. */
const LEAKS = [
  /\n\s+at\s/,
  /node_modules/,
  /\.[cm]?[tj]s:\d+:\d+/,
  /syntax error at or near/i,
  /invalid input syntax/i,
  /violates .* constraint/i,
  /invalid byte sequence/i,
  /relation "[^"]+" does not exist/i,
  /\bPGlite\b/,
  /\bECONNREFUSED\b/,
  /TypeError|ReferenceError|RangeError|ZodError/,
];

/** The problems with one reply, empty when it is acceptable. */
export function problemsWith(path: string, reply: Reply): string[] {
  const problems: string[] = [];
  if (reply.status >= 500) problems.push(`status ${reply.status}`);
  for (const leak of LEAKS) if (leak.test(reply.text)) problems.push(`leaks ${leak}`);
  if (reply.status >= 400) {
    const family = familyOf(path);
    const html = reply.contentType.startsWith('text/html');
    if (html) {
      if (!HTML_ALLOWED.has(family)) problems.push('an HTML error page where JSON was due');
    } else {
      let body: unknown;
      try {
        body = JSON.parse(reply.text);
      } catch {
        body = undefined;
      }
      if (!SHAPES[family](body)) problems.push(`not the ${family} error shape: ${reply.text.slice(0, 160)}`);
    }
  }
  return problems;
}
