import { QueryClient } from '@tanstack/react-query';

/**
 * The query clients mounted during the current test, whoever made them (a test's render helper, or the app's own
 * start). A query a page started keeps running after the page is unmounted (supabase-js first waits for its
 * session, then sends the request), so without waiting for it its request could reach the mock server during the
 * next test, after that test's handlers were set, and fail it as unhandled.
 */
const openClients = new Set<QueryClient>();

const mount = QueryClient.prototype.mount;
QueryClient.prototype.mount = function trackedMount(this: QueryClient) {
  openClients.add(this);
  mount.call(this);
};

const SETTLE_LIMIT_MS = 3_000;

/** Waits until no query or mutation of this test's clients is still running, then forgets the clients. */
export async function settleOpenQueries(): Promise<void> {
  const clients = [...openClients];
  openClients.clear();
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  const busy = () => clients.some((client) => client.isFetching() > 0 || client.isMutating() > 0);
  while (busy() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
}
