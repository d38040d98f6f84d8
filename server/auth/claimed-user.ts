import type { Request } from 'express';
import type { VerifiedUser } from './token-verifier.ts';
import { AppError } from '../http/errors.ts';

/**
 * The user is whoever the token says. Ids a browser sends along (`userId`, `user_id` or `buyer_id` in a body, a
 * `:userId` in the path) are accepted for compatibility, but one naming anybody else is refused (403) rather
 * than ignored; an empty one counts as not sent. The one check of claimed ids, for every route.
 */
export function assertClaimsAreUser(
  user: VerifiedUser,
  claimedIds: readonly unknown[],
  message = 'You can only act for your own account',
) {
  if (claimedIds.some((id) => id !== undefined && id !== '' && id !== user.id))
    throw new AppError('FORBIDDEN', message);
}

/** The signed-in user of a request behind `requireUser`, after checking any ids the browser claimed. */
export function signedInUser(req: Request, claimedIds: readonly unknown[] = [], message?: string) {
  const user = req.user;
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  assertClaimsAreUser(user, claimedIds, message);
  return user;
}
