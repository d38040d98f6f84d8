import { randomUUID } from 'node:crypto';

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

/** The person at the hotel who connected Restay: Mews names them as the event's requestor. */
export interface DemoIntegrationRequestor {
  name: string;
  email: string;
}

/** Tells Restay a demo hotel connected it; answers Restay's HTTP status, or null when it could not be reached. */
export type DemoMewsConnect = (hotel: {
  enterpriseId: string;
  name: string;
  serviceId: string;
  accessToken: string;
  requestor: DemoIntegrationRequestor;
  createdUtc: Date;
}) => Promise<number | null>;

/**
 * The demo PMS's Integration Webhook: one `IntegrationCreated` event `{Action, Data}` as Mews POSTs it when a
 * property connects an integration in the Mews Marketplace (the new access token, the enterprise, its
 * accommodation service, the requestor, and the integration), sent to Restay's receiver with the token.
 */
export function demoMewsIntegrationWebhook(options: DemoMewsWebhookOptions): DemoMewsConnect {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  return async (hotel) => {
    const event = {
      Action: 'IntegrationCreated',
      Data: {
        Enterprise: { Id: hotel.enterpriseId, Name: hotel.name },
        Service: { Id: hotel.serviceId, Name: 'Accommodation' },
        Requestor: { Name: hotel.requestor.name, Email: hotel.requestor.email },
        AccessToken: hotel.accessToken,
        CreatedUtc: hotel.createdUtc.toISOString(),
        IsEnabled: true,
        // Each connection is an integration of its own in Mews.
        Integration: { Id: randomUUID(), Name: 'Restay' },
      },
    };
    try {
      const response = await fetchImpl(`${options.url()}?Token=${encodeURIComponent(options.token)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(event),
        signal: AbortSignal.timeout(5_000),
      });
      await response.body?.cancel();
      if (!response.ok)
        options.logger.warn({ status: response.status }, 'the demo PMS integration webhook was refused');
      return response.status;
    } catch (error) {
      options.logger.warn({ err: error }, 'the demo PMS integration webhook could not be delivered');
      return null;
    }
  };
}
