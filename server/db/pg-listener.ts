import pg from 'pg';

/** How long a lost listening connection waits before it connects again. */
const RECONNECT_AFTER_MS = 1_000;

/**
 * Calls `onNotice` for each notification on `channel` (LISTEN on a connection of its own: a pooled one would
 * hand the LISTEN to whichever query borrows it next). A lost connection is opened again a second later, and
 * `onNotice` is called once it listens again, since notifications sent meanwhile went to nobody. Answers a
 * function that stops listening.
 */
export async function listenOnPostgres(url: string, channel: string, onNotice: () => void) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (again: boolean) => {
    const listening = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    const lost = () => {
      if (client !== listening) return;
      client = undefined;
      void listening.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect(true), RECONNECT_AFTER_MS).unref();
    };
    client = listening;
    listening.on('error', lost);
    listening.on('end', lost);
    listening.on('notification', (message) => {
      if (message.channel === channel) onNotice();
    });
    try {
      await listening.connect();
      await listening.query(`LISTEN ${listening.escapeIdentifier(channel)}`);
      if (again) onNotice();
    } catch {
      lost();
    }
  };

  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => {});
  };
}
