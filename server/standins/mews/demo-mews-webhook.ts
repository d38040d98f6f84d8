/** The integration id the demo hotel's notices carry, as Mews' carry Restay's. */
const DEMO_INTEGRATION_ID = 'f0000000-0000-4000-8000-000000000001';

export interface DemoMewsWebhookOptions {
  /** Restay's webhook receiver; read per call because the API's own port is known late. */
  url: () => string;
  /** The secret appended as `?Token=`, as Mews appends the one registered with it. */
  token: string;
  logger: { warn(details: object, message: string): void };
  fetch?: typeof fetch;
}

/** Tells Restay a demo reservation changed; never throws (Mews, too, gives up on a receiver that fails). */
export type DemoMewsNotify = (change: { enterpriseId: string; reservationId: string }) => Promise<void>;

/**
 * The demo PMS's General Webhook: the envelope Mews POSTs when a reservation changes (`ServiceOrderUpdated`
 * with the reservation's id; a cancellation is such a change), sent to Restay's own receiver with the token.
 */
export function demoMewsWebhook(options: DemoMewsWebhookOptions): DemoMewsNotify {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  return async ({ enterpriseId, reservationId }) => {
    const url = `${options.url()}?Token=${encodeURIComponent(options.token)}`;
    const envelope = {
      EnterpriseId: enterpriseId,
      IntegrationId: DEMO_INTEGRATION_ID,
      Events: [{ Discriminator: 'ServiceOrderUpdated', Value: { Id: reservationId } }],
    };
    try {
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(envelope),
        signal: AbortSignal.timeout(5_000),
      });
      await response.body?.cancel();
      if (!response.ok)
        options.logger.warn({ status: response.status, reservationId }, 'the demo PMS webhook was refused');
    } catch (error) {
      options.logger.warn({ err: error, reservationId }, 'the demo PMS webhook could not be delivered');
    }
  };
}
