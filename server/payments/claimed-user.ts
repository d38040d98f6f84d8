import type { VerifiedUser } from '../auth/token-verifier.ts';
import { AppError } from '../http/errors.ts';

/**
 * The user is whoever the token says. Ids a browser sends along (`userId`, `user_id`, `buyer_id`) are
 * accepted for compatibility, but one naming anybody else is refused rather than ignored.
 */
export function assertClaimsAreUser(user: VerifiedUser, claimedIds: readonly (string | undefined)[]) {
  if (claimedIds.some((id) => id !== undefined && id !== '' && id !== user.id)) {
    throw new AppError('FORBIDDEN', 'You can only buy for yourself');
  }
}
