import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlementCurrencyMismatch } from '../../server/payments/settlement-currency-check.ts';
import { createStripePayments } from '../../server/payments/stripe/stripe-payments.ts';
import { checkoutStandIn } from '../../server/standins/stripe/checkout-standin.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

/**
 * Start-up with Stripe reads the platform account (`GET /v1/account`) and refuses, in one line, a
 * STRIPE_SETTLEMENT_CURRENCY other than its `default_currency`. The built-in checkout server answers the same
 * call through the same client: here it keeps a CZK balance.
 */
const SECRET_KEY = 'sk_test_settlement_check';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: Server;
let payments: ReturnType<typeof createStripePayments>;

beforeAll(async () => {
  database = await createTestDatabase();
  const standIn = checkoutStandIn({
    db: database.db,
    secretKey: SECRET_KEY,
    webhookSecret: 'whsec_settlement_check',
    webhookUrl: () => 'http://127.0.0.1:9/api/payment/webhook',
    connectWebhookSecret: 'whsec_settlement_check_connect',
    connectWebhookUrl: () => 'http://127.0.0.1:9/api/payment/connect-webhook',
    clock: () => new Date(),
    logger: pino({ level: 'silent' }),
    settlementCurrency: 'CZK',
  });
  server = await new Promise((resolve) => {
    const listening = express()
      .use('/v1', standIn.apiRouter)
      .listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  payments = createStripePayments({
    mode: 'local',
    secretKey: SECRET_KEY,
    webhookSecret: 'whsec_settlement_check',
    connectWebhookSecret: 'whsec_settlement_check_connect',
    api: () => ({ host: '127.0.0.1', port, protocol: 'http' }),
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await database.dispose();
});

describe('the settlement currency at start-up', () => {
  it('reads the platform account’s default currency', async () => {
    expect(await payments.retrievePlatformAccount()).toEqual({ defaultCurrency: 'CZK' });
  });

  it('refuses another STRIPE_SETTLEMENT_CURRENCY in one line', async () => {
    const refusal = await settlementCurrencyMismatch(payments, 'EUR');
    expect(refusal).toBe(
      "STRIPE_SETTLEMENT_CURRENCY is EUR, but the Stripe account's default currency is CZK: set STRIPE_SETTLEMENT_CURRENCY=CZK.",
    );
    expect(refusal!.split('\n')).toHaveLength(1);
  });

  it('starts with the account’s own currency, in any case', async () => {
    expect(await settlementCurrencyMismatch(payments, 'CZK')).toBeNull();
    expect(await settlementCurrencyMismatch(payments, 'czk')).toBeNull();
  });
});
