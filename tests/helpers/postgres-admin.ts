import pg from 'pg';

/** Runs `work` on one connection to the server at `url` (creating and dropping databases). */
export async function withAdmin(url: string, work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
