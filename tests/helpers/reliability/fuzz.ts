import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../../server/db/schema.ts';
import { authorizationHeaders, forgedStripeSignatures, stripeSignature } from './forged-credentials.ts';
import {
  bodyFromSchema,
  CONTENT_TYPES,
  encode,
  mutateOne,
  hostileQuery,
  hostileString,
  objectKeys,
  PATH_PARAMS,
  RAW_BODIES,
} from './hostile-input.ts';
import { routeKey, type MountedRoute } from './mounted-routes.ts';
import { problemsWith } from './reply-checks.ts';

/** What a route reads, so its malformed input uses its own field names: a contract schema or the names alone. */
export interface RouteInput {
  body?: z.ZodType | string[];
  /** A valid token would make the request a legitimate one (signing out): only forged credentials are sent. */
  forgedAuthOnly?: boolean;
  /** A body the route accepts, of which the fuzz breaks one field at a time. */
  valid?: Record<string, unknown>;
  query?: z.ZodType | string[];
}

export interface FuzzTarget {
  url: string;
  routes: MountedRoute[];
  inputs: Record<string, RouteInput>;
  /** Bearer tokens of real signed-in users, so malformed bodies get past sign-in to validation. */
  userTokens: string[];
  forgedTokens: string[];
  /** Ids that exist (a listing, a checkout session, a user): path parameters sometimes name real things. */
  knownIds: string[];
  webhookPath: string;
  webhookSecret: string;
  /** Runs between batches; the suites clear rate-limit counters so validation stays reachable. */
  between?: () => Promise<void>;
}

export interface FuzzRequest {
  method: string;
  route: MountedRoute;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export interface FuzzFailure {
  request: string;
  status: number;
  problems: string[];
}

export interface FuzzReport {
  sent: number;
  statuses: Record<number, number>;
  perRoute: Record<string, number>;
  failures: FuzzFailure[];
}

const keysOf = (input: z.ZodType | string[] | undefined) => (Array.isArray(input) ? input : objectKeys(input));
const WRONG_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const ENCODINGS = ['gzip', 'deflate', 'br', 'bogus', 'identity'] as const;

/** One malformed request for one of the target's routes. */
export function malformedRequest(target: FuzzTarget): fc.Arbitrary<FuzzRequest> {
  const tokens = authorizationHeaders(target.forgedTokens);
  const valid = target.userTokens.map((token) => `Bearer ${token}`);
  const forged = fc.constantFrom(...tokens);
  const anyToken = fc.oneof({ weight: 2, arbitrary: forged }, { weight: 3, arbitrary: fc.constantFrom(...valid) });
  const param = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...PATH_PARAMS) },
    { weight: 1, arbitrary: fc.constantFrom(...target.knownIds) },
    { weight: 1, arbitrary: hostileString.map((value) => encode(value).slice(0, 400)) },
  );
  return fc.constantFrom(...target.routes).chain((route) => {
    const input = target.inputs[routeKey(route)] ?? {};
    const body = fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom<string | undefined>(...RAW_BODIES, undefined) },
      { weight: 4, arbitrary: bodyFromSchema(keysOf(input.body)).map((value) => ({ value })) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => ({ value: value as unknown })) },
      { weight: input.valid ? 4 : 0, arbitrary: mutateOne(input.valid ?? { none: 0 }).map((value) => ({ value })) },
    );
    return fc
      .record({
        method: fc.oneof(
          { weight: 9, arbitrary: fc.constant(route.method) },
          { weight: 1, arbitrary: fc.constantFrom(...WRONG_METHODS) },
        ),
        params: fc.array(param, { minLength: 3, maxLength: 3 }),
        query: hostileQuery(keysOf(input.query)),
        authorization: input.forgedAuthOnly ? forged : anyToken,
        contentType: fc.constantFrom(...CONTENT_TYPES),
        encoding: fc.option(fc.constantFrom(...ENCODINGS), { freq: 8 }),
        body,
        signature: fc.nat(20),
        requestId: fc.option(hostileString, { freq: 4 }),
      })
      .map((choice): FuzzRequest => {
        let index = 0;
        const path = route.path.replace(/:\w+/g, () => choice.params[index++ % 3]!) + choice.query;
        const sendsBody = choice.method !== 'GET' && choice.method !== 'HEAD';
        const headers: Record<string, string> = {};
        if (choice.authorization !== undefined) headers.Authorization = choice.authorization;
        if (sendsBody && choice.contentType) headers['Content-Type'] = choice.contentType;
        if (sendsBody && choice.encoding) headers['Content-Encoding'] = choice.encoding;
        if (choice.requestId !== null) headers['X-Request-Id'] = encode(choice.requestId).slice(0, 200);
        const structured = typeof choice.body === 'object' ? choice.body.value : undefined;
        const text = typeof choice.body === 'object' ? serialise(structured, choice.contentType) : choice.body;
        const payload = sendsBody ? text : undefined;
        if (route.path === target.webhookPath) {
          const forged = forgedStripeSignatures(payload ?? '', target.webhookSecret);
          // A correct signature over a body that is not an event: only the provider could send it, and it must
          // still be refused cleanly.
          const signature =
            choice.signature < forged.length
              ? forged[choice.signature]
              : stripeSignature(payload ?? '', target.webhookSecret);
          if (signature !== undefined) headers['Stripe-Signature'] = signature;
        }
        return { method: choice.method, route, path, headers, body: payload };
      });
  });
}

/** A structured body as the content type says: form fields (arrays repeated, objects bracketed) or JSON. */
function serialise(value: unknown, contentType: string): string {
  if (!contentType.startsWith('application/x-www-form-urlencoded') || typeof value !== 'object' || value === null) {
    return JSON.stringify(value);
  }
  const form = new URLSearchParams();
  for (const [key, field] of Object.entries(value)) {
    if (Array.isArray(field)) field.forEach((item) => form.append(key, String(item)));
    else if (typeof field === 'object' && field !== null)
      Object.entries(field).forEach(([sub, item]) => form.append(`${key}[${sub}]`, String(item)));
    else form.append(key, String(field));
  }
  return form.toString();
}

export function describe(request: FuzzRequest): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${value.slice(0, 60)}`)
    .join('; ');
  return `${request.method} ${request.path.slice(0, 200)} [${headers}] ${request.body?.slice(0, 120) ?? ''}`;
}

/** Sends `count` malformed requests (seeded, so a failure replays), `concurrency` at a time. */
export async function fuzz(
  target: FuzzTarget,
  options: { count: number; seed: number; concurrency?: number },
): Promise<FuzzReport> {
  const requests = fc.sample(malformedRequest(target), { seed: options.seed, numRuns: options.count });
  const report: FuzzReport = { sent: 0, statuses: {}, perRoute: {}, failures: [] };
  const concurrency = options.concurrency ?? 8;
  for (let start = 0; start < requests.length; start += concurrency) {
    if (target.between && start % (concurrency * 4) === 0) await target.between();
    await Promise.all(
      requests.slice(start, start + concurrency).map(async (request) => {
        const reply = await send(target.url, request);
        report.sent++;
        report.statuses[reply.status] = (report.statuses[reply.status] ?? 0) + 1;
        const key = routeKey(request.route);
        report.perRoute[key] = (report.perRoute[key] ?? 0) + 1;
        const problems = problemsWith(request.route.path, reply);
        if (problems.length) report.failures.push({ request: describe(request), status: reply.status, problems });
      }),
    );
  }
  return report;
}

async function send(url: string, request: FuzzRequest) {
  try {
    const response = await fetch(url + request.path, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
  } catch (error) {
    // A dropped connection or a hang is as bad as a 5xx.
    return { status: 599, contentType: '', text: `no reply: ${(error as Error).message}` };
  }
}

/** Tables whose rows a refused request may still touch by design: rate-limit counters count refusals too. */
const COUNTERS = new Set(['rate_limits']);

/** A fingerprint of every table's rows (count and hash), to prove malformed requests changed nothing. */
export async function dataFingerprint(db: Kysely<Database>): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(db);
  const fingerprint: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (COUNTERS.has(name) || name.startsWith('kysely_')) continue;
    const { rows } = await sql<{ rows: string; hash: string | null }>`
      SELECT count(*)::text AS rows, md5(string_agg(t::text, '|' ORDER BY t::text)) AS hash FROM ${sql.table(name)} t`.execute(
      db,
    );
    fingerprint[name] = `${rows[0]?.rows}:${rows[0]?.hash ?? '-'}`;
  }
  return fingerprint;
}
