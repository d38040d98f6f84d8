import type { PayoutRelease } from '../../contract/payouts.ts';

/** The operator's payout settings: PLATFORM_FEE_PERCENT and PAYOUT_RELEASE. */
export interface PayoutPolicy {
  /** The platform's share of each sale, in percent (0 to 100). */
  feePercent: number;
  /** `transferred`: pay as soon as the stay is in the buyer's name; `check_in`: once its check-in time passed. */
  release: PayoutRelease;
}
