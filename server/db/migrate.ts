import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './client.ts';

/** SQL migrations ship beside this module (the server build copies them into dist). */
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies every migration not yet recorded in `schema_migrations`, in file-name order, and returns the names
 * it applied. Each file runs as one script inside a transaction together with its bookkeeping row, so a
 * failing migration leaves no trace.
 */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  return handle.withScriptSession(async (run) => {
    await run(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const applied = new Set((await run('SELECT name FROM schema_migrations')).map((row) => String(row.name)));
    const pending = files.filter((name) => !applied.has(name));
    for (const name of pending) {
      const script = await readFile(MIGRATIONS_DIR + name, 'utf8');
      try {
        await run(
          `BEGIN;\n${script}\n;INSERT INTO schema_migrations (name) VALUES ('${name.replaceAll("'", "''")}');\nCOMMIT;`,
        );
      } catch (error) {
        await run('ROLLBACK').catch(() => undefined);
        throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
      }
    }
    return pending;
  });
}
