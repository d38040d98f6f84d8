import { Router } from 'express';
import {
  PAYOUT_ACCOUNT_LABELS,
  payoutAccountHint,
  type PayoutAccountStatus,
  type PayoutRelease,
} from '../../contract/payouts.ts';
import { signedInUser } from '../auth/claimed-user.ts';
import type { UserMiddleware } from '../auth/require-user.ts';
import type { PayoutDeps } from './deps.ts';
import { payoutAccountStatus, refreshPayoutAccount, sellerPayoutAccount, startOnboarding } from './payout-accounts.ts';

const reply = (status: PayoutAccountStatus, release: PayoutRelease) => ({
  status,
  label: PAYOUT_ACCOUNT_LABELS[status],
  hint: payoutAccountHint(status, release),
});

/** /api/payouts: the signed-in seller's payout account and the way to set it up. */
export function payoutsRouter(deps: PayoutDeps & { users: UserMiddleware }): Router {
  const { users } = deps;
  const router = Router();
  router.use(users.requireUser);

  // Re-read from the provider, as when the seller comes back from onboarding: the webhook may not be in yet.
  router.get('/account', async (req, res) => {
    const account = await sellerPayoutAccount(deps, signedInUser(req).id);
    const status = account
      ? ((await refreshPayoutAccount(deps, account.provider_account_id)) ?? payoutAccountStatus(account))
      : 'not_set_up';
    res.json({ success: true, data: reply(status, deps.payouts.release) });
  });

  router.post('/onboarding', async (req, res) => {
    const user = signedInUser(req);
    const url = await startOnboarding(deps, { id: user.id, email: user.email ?? null }, req.get('origin'));
    res.json({ success: true, data: { url } });
  });

  return router;
}
