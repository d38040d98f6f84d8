import { randomUUID } from 'node:crypto';
import type { PmsReservation } from '../../server/selling/pms/pms.ts';
import { PmsDouble } from './pms-double.ts';
import { PROJECT_AUTH_ENV, projectToken } from './project-tokens.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/** A clock the test moves by hand. */
export function manualClock(start = new Date()) {
  let now = start;
  return {
    clock: () => now,
    advance: (ms: number) => void (now = new Date(now.getTime() + ms)),
    set: (date: Date) => void (now = date),
  };
}

export interface SellingServer extends TestServer {
  pms: PmsDouble;
}

/** The app with the PMS double, accepting HS256 tokens signed with a project secret so tests sign in instantly. */
export async function startSellingServer(clock?: () => Date): Promise<SellingServer> {
  const pms = new PmsDouble();
  const server = await startTestServer({
    env: PROJECT_AUTH_ENV,
    adapters: { pms },
    clock,
  });
  return Object.assign(server, { pms });
}

export interface TestUser {
  id: string;
  email: string;
  headers: Record<string, string>;
}

/** A signed-in user: their id and the headers of their JSON requests. */
export async function signedInUser(
  email = `${randomUUID().slice(0, 8)}@example.com`,
  { emailVerified = true } = {},
): Promise<TestUser> {
  const id = randomUUID();
  const token = await projectToken(id, email, { emailVerified });
  return { id, email, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } };
}

export const post = (server: TestServer, path: string, user: TestUser | undefined, body: unknown) =>
  server.request(path, {
    method: 'POST',
    headers: user?.headers ?? { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** The code in the newest email sent to `to`, if any. */
export async function lastCodeSentTo(server: TestServer, to: string): Promise<string | undefined> {
  const mail = await server.database.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return mail ? /code is (\d{6})/.exec(mail.text_body)?.[1] : undefined;
}

/** Steps 1 and 2 for `user`: asks for a code for `reservation` and enters the one that arrived. */
export async function verifyReservation(server: TestServer, user: TestUser, reservation: PmsReservation) {
  const email = reservation.guest.email!;
  const sent = await post(server, '/api/reservations/verify-combined', user, {
    confirmationNumber: reservation.confirmationNumber,
    email,
  });
  if (sent.status !== 200) throw new Error(`verify-combined answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const code = await lastCodeSentTo(server, email);
  const verified = await post(server, '/api/reservations/verify-code', user, { email, code });
  if (verified.status !== 200)
    throw new Error(`verify-code answered ${verified.status}: ${JSON.stringify(verified.body)}`);
}
