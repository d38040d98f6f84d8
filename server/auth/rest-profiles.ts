import { Router, type ErrorRequestHandler, type Request } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { unreadableRequest } from '../http/error-handler.ts';
import { bearerToken, type TokenVerifier } from './token-verifier.ts';

const COLUMNS = ['id', 'email', 'first_name', 'last_name', 'display_name', 'created_at', 'updated_at'] as const;
type Column = (typeof COLUMNS)[number];

/** A PostgREST error body: `{code, details, hint, message}`. */
class PostgrestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
  ) {
    super(message);
  }
}

const rlsRefusal = (status: number) =>
  new PostgrestError(status, '42501', 'new row violates row-level security policy for table "profiles"');

const writableRow = z
  .object({
    id: z.guid(),
    email: z.string().max(254).nullable().optional(),
    first_name: z.string().max(100).optional(),
    last_name: z.string().max(100).optional(),
    display_name: z.string().max(100).optional(),
    created_at: z.iso.datetime({ offset: true }).optional(),
    updated_at: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict();

/**
 * `/rest/v1/profiles` as PostgREST serves it with the row-level security of supabase/migrations: a signed-in
 * person sees and writes only their own row; the anonymous key sees nothing and writes nothing.
 */
export function restProfilesRouter({
  db,
  verify,
  anonKey,
}: {
  db: Kysely<Database>;
  verify: TokenVerifier;
  anonKey: string;
}): Router {
  const router = Router();

  /** The row owner the request may act as (with the email the auth server verified), or undefined for anonymous. */
  async function signedIn(req: Request): Promise<{ id: string; email: string | null } | undefined> {
    const token = bearerToken(req.get('Authorization'));
    if (!token || token === anonKey) return undefined;
    try {
      const user = await verify(token);
      return { id: user.id, email: user.email ?? null };
    } catch {
      throw new PostgrestError(401, 'PGRST301', 'JWT could not be verified');
    }
  }

  function selectedColumns(req: Request): Column[] {
    const select = typeof req.query.select === 'string' ? req.query.select : '*';
    if (select === '*') return [...COLUMNS];
    return select.split(',').map((name) => {
      const column = name.trim();
      if (!(COLUMNS as readonly string[]).includes(column)) {
        throw new PostgrestError(400, '42703', `column profiles.${column} does not exist`);
      }
      return column as Column;
    });
  }

  async function visibleRows(uid: string | undefined, idFilter: string | undefined, columns: Column[]) {
    if (!uid || (idFilter !== undefined && idFilter !== uid)) return [];
    const rows = await db.selectFrom('profiles').select(columns).where('id', '=', uid).execute();
    return rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v])),
    );
  }

  function idFilter(req: Request): string | undefined {
    for (const key of Object.keys(req.query)) {
      if (!['select', 'id', 'columns', 'on_conflict'].includes(key)) {
        throw new PostgrestError(400, 'PGRST100', `"${key}" is not a supported filter on the built-in server`);
      }
    }
    if (req.query.id === undefined) return undefined;
    const match = typeof req.query.id === 'string' ? /^eq\.(.+)$/.exec(req.query.id) : null;
    if (!match?.[1]) throw new PostgrestError(400, 'PGRST100', 'only id=eq.<uuid> is supported');
    return match[1];
  }

  const wantsObject = (req: Request) => (req.get('Accept') ?? '').includes('application/vnd.pgrst.object+json');

  router.get('/profiles', async (req, res) => {
    const filter = idFilter(req);
    const rows = await visibleRows((await signedIn(req))?.id, filter, selectedColumns(req));
    if (!wantsObject(req)) return res.json(rows);
    if (rows.length !== 1) {
      throw new PostgrestError(
        406,
        'PGRST116',
        'Cannot coerce the result to a single JSON object',
        `The result contains ${rows.length} rows`,
      );
    }
    res.type('application/vnd.pgrst.object+json').send(JSON.stringify(rows[0]));
  });

  router.post('/profiles', async (req, res) => {
    const prefer = (req.get('Prefer') ?? '').split(',').map((part) => part.trim());
    const upsert = prefer.includes('resolution=merge-duplicates');
    const user = await signedIn(req);
    const uid = user?.id;
    const input: unknown[] = Array.isArray(req.body) ? req.body : [req.body];
    const rows = input.map((candidate) => {
      const parsed = writableRow.safeParse(candidate);
      if (!parsed.success) {
        const unknownKey = parsed.error.issues.find((issue) => issue.code === 'unrecognized_keys');
        if (unknownKey)
          throw new PostgrestError(
            400,
            'PGRST204',
            `Could not find the '${unknownKey.keys[0]}' column of 'profiles' in the schema cache`,
          );
        throw new PostgrestError(400, '22P02', parsed.error.issues[0]?.message ?? 'invalid input');
      }
      return parsed.data;
    });
    if (!uid) throw rlsRefusal(401);
    if (rows.some((row) => row.id !== uid)) throw rlsRefusal(403);

    let inserted = false;
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const exists = await trx
          .selectFrom('profiles')
          .select('id')
          .where('id', '=', row.id)
          .forUpdate()
          .executeTakeFirst();
        if (exists && !upsert) {
          throw new PostgrestError(
            409,
            '23505',
            'duplicate key value violates unique constraint "profiles_pkey"',
            `Key (id)=(${row.id}) already exists.`,
          );
        }
        // The email is the one the auth server verified, never one typed in: receipts and sale notices go there.
        const { id, email: _typed, ...names } = row;
        if (exists) {
          // Merge: only the columns the client sent are overwritten, as PostgREST's ON CONFLICT DO UPDATE.
          if (Object.keys(names).length) await trx.updateTable('profiles').set(names).where('id', '=', id).execute();
        } else {
          await trx
            .insertInto('profiles')
            .values({ id, ...names, email: user?.email ?? null })
            .execute();
          inserted = true;
        }
      }
    });
    res.status(inserted || !upsert ? 201 : 200);
    if (!prefer.includes('return=representation')) return res.end();
    const written = await visibleRows(uid, undefined, selectedColumns(req));
    if (!wantsObject(req)) return res.json(written);
    res.type('application/vnd.pgrst.object+json').send(JSON.stringify(written[0] ?? null));
  });

  router.use((req, _res, next) =>
    next(new PostgrestError(404, 'PGRST205', `Could not find the table '${req.path.slice(1)}' in the schema cache`)),
  );
  const onError: ErrorRequestHandler = (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const unreadable = error instanceof PostgrestError ? undefined : unreadableRequest(error);
    if (unreadable) error = new PostgrestError(unreadable.status, 'PGRST102', unreadable.message);
    if (!(error instanceof PostgrestError)) {
      req.log.error({ err: error }, 'rest server error');
      error = new PostgrestError(500, 'XX000', 'internal error');
    }
    const e = error as PostgrestError;
    res.status(e.status).json({ code: e.code, details: e.details, hint: null, message: e.message });
  };
  router.use(onError);
  return router;
}
