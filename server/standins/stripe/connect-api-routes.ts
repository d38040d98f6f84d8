import type { Request, RequestHandler, Router } from 'express';
import { accountJson, reversalJson, transferJson } from './connect-wire.ts';
import {
  accountLinkParams,
  createAccountParams,
  createReversalParams,
  createTransferParams,
  listTransfersParams,
} from './connect-params.ts';
import type { Context } from './api-routes.ts';
import type { WireResponse } from './idempotency.ts';
import { parseParams } from './params.ts';
import { missing } from './wire.ts';

export type StandinRoute = (work: (context: Context) => Promise<WireResponse>) => RequestHandler;

/**
 * The Connect subset the payouts use, on the stand-in's /v1 router (Stripe's auth, idempotency and errors come
 * from `route`): accounts, account links to the local onboarding page, transfers and their reversals.
 */
export function connectApiRoutes(
  router: Router,
  route: StandinRoute,
  options: { pageOrigin: (req: Request) => string },
) {
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

  router.post(
    '/accounts',
    route(async ({ req, now, connect }) => {
      const params = parseParams(createAccountParams, req.body);
      const row = await connect.createAccount({ email: params.email ?? null, metadata: params.metadata ?? {}, now });
      return { status: 200, body: accountJson(row) };
    }),
  );

  router.get(
    '/accounts/:id',
    route(async ({ req, connect }) => {
      const id = String(req.params.id);
      const row = await connect.findAccount(id);
      if (!row) throw missing('account', id, 'account');
      return { status: 200, body: accountJson(row) };
    }),
  );

  router.post(
    '/account_links',
    route(async ({ req, now, connect }) => {
      const params = parseParams(accountLinkParams, req.body);
      if (!(await connect.findAccount(params.account))) throw missing('account', params.account, 'account');
      const link = await connect.createLink({
        account: params.account,
        refreshUrl: params.refresh_url,
        returnUrl: params.return_url,
        now,
      });
      return {
        status: 200,
        body: {
          object: 'account_link',
          created: seconds(link.created_at),
          expires_at: seconds(link.expires_at),
          url: `${options.pageOrigin(req)}/test-checkout/connect/${link.id}`,
        },
      };
    }),
  );

  router.post(
    '/transfers',
    route(async ({ req, now, connect }) => {
      const params = parseParams(createTransferParams, req.body);
      const row = await connect.createTransfer({
        amount: params.amount,
        currency: params.currency,
        destination: params.destination,
        sourceTransaction: params.source_transaction,
        transferGroup: params.transfer_group ?? null,
        metadata: params.metadata ?? {},
        now,
      });
      return { status: 200, body: transferJson(row) };
    }),
  );

  router.get(
    '/transfers',
    route(async ({ req, connect }) => {
      const params = parseParams(listTransfersParams, req.query);
      const rows = params.transfer_group ? await connect.listTransfers(params.transfer_group) : [];
      const page = rows.slice(0, params.limit ?? 10);
      const data = await Promise.all(page.map(async (row) => transferJson(row, await connect.reversalsOf(row.id))));
      return { status: 200, body: { object: 'list', data, has_more: rows.length > data.length, url: '/v1/transfers' } };
    }),
  );

  router.post(
    '/transfers/:id/reversals',
    route(async ({ req, now, connect }) => {
      const params = parseParams(createReversalParams, req.body);
      const reversal = await connect.reverseTransfer(String(req.params.id), params.metadata ?? {}, now);
      return { status: 200, body: reversalJson(reversal) };
    }),
  );
}
