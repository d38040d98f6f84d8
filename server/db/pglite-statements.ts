import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

/** Prepared statements kept at once: the app's distinct queries fit; a rare one is re-prepared after eviction. */
export const MAX_PREPARED_STATEMENTS = 500;

/** "cached plan must not change result type": a table a kept statement reads changed its columns. */
const FEATURE_NOT_SUPPORTED = '0A000';

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

interface Statement {
  name: string;
  /** The type of each parameter, as the database inferred it: how each value is written. */
  parameterTypes: number[];
}

/**
 * Runs parameterised queries as named prepared statements from their second run on. `pglite.query` parses the
 * text again on every call and crosses into the database six times (parse, describe, bind, describe, execute,
 * sync); a kept statement is one crossing (bind, describe, execute, sync), which took a typical lookup from
 * about 200 to 70 microseconds. Values are written and rows read with PGlite's own serializers and parsers, as
 * `pglite.query` does. Statements live in the database session: after a script that discards or deallocates
 * them, call `forgetAll`.
 */
export function preparedStatements(pglite: PGlite, { max = MAX_PREPARED_STATEMENTS } = {}) {
  // Insertion order is use order: a hit moves to the end, the first is the least recently used.
  const statements = new Map<string, Statement>();
  // Texts run once so far: a statement costs more than an unnamed query to set up, so only a text seen again
  // is kept (a start-up runs most of its queries once).
  const seenOnce = new Set<string>();
  let named = 0;

  /** Whether the text was run before; remembers it otherwise (as many texts as statements, oldest dropped). */
  function seenBefore(text: string) {
    if (seenOnce.delete(text)) return true;
    seenOnce.add(text);
    if (seenOnce.size > max) seenOnce.delete(seenOnce.values().next().value!);
    return false;
  }

  async function prepare(text: string): Promise<Statement> {
    const name = `restay_${++named}`;
    const described = await pglite.execProtocolStream(
      concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(described) };
    statements.set(text, statement);
    if (statements.size > max) await close(statements.keys().next().value!);
    return statement;
  }

  async function close(text: string) {
    const statement = statements.get(text);
    if (!statement) return;
    statements.delete(text);
    // Failing to close (e.g. in a failed transaction) only leaves the statement until the session is reset.
    await pglite
      .execProtocolStream(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), {
        syncToFs: false,
      })
      .catch(() => undefined);
  }

  async function execute(text: string, parameters: readonly unknown[]): Promise<Results<Record<string, unknown>>> {
    let statement = statements.get(text);
    if (statement) {
      statements.delete(text);
      statements.set(text, statement);
    } else statement = await prepare(text);
    const { parameterTypes } = statement;
    const values = parameters.map((value, index) => {
      if (value === null || value === undefined) return null;
      const write = pglite.serializers[parameterTypes[index]!];
      return write ? write(value) : String(value);
    });
    const messages = await pglite.execProtocolStream(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    // As pglite.query does: the files are brought up to date once a transaction ends, not after each statement.
    if (!pglite.isInTransaction()) await pglite.syncToFs();
    return parse.parseResults(messages, pglite.parsers)[0] as Results<Record<string, unknown>>;
  }

  async function executeKept(text: string, parameters: readonly unknown[]) {
    try {
      return await execute(text, parameters);
    } catch (error) {
      if ((error as { code?: string }).code !== FEATURE_NOT_SUPPORTED) throw error;
      // The statement was planned for columns a table no longer has: it is prepared again. Outside a
      // transaction nothing ran, so the query is tried once more; inside one, the transaction has failed.
      await close(text);
      if (pglite.isInTransaction()) throw error;
      return execute(text, parameters);
    }
  }

  return {
    /** One query's result, as `pglite.query` answers it: the first time through it, then from a kept statement. */
    async query(text: string, parameters: readonly unknown[]): Promise<Results<Record<string, unknown>>> {
      if (!statements.has(text) && !seenBefore(text)) return pglite.query(text, [...parameters]);
      // A statement's messages must not interleave with another caller's.
      return pglite.runExclusive(() => executeKept(text, parameters));
    },
    /**
     * After a script that discards or deallocates statements. They are deallocated here too: a script that only
     * named the words would otherwise leave them in the session, unknown to the bound. Call it inside
     * `pglite.runExclusive`.
     */
    async forgetAll() {
      statements.clear();
      seenOnce.clear();
      // In a failed transaction this is refused; the session's next reset removes them.
      await pglite.execProtocolStream(serialize.query('DEALLOCATE ALL'), { syncToFs: false }).catch(() => undefined);
    },
  };
}
