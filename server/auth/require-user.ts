import type { RequestHandler } from 'express';
import { bearerToken, type TokenVerifier, type VerifiedUser } from './token-verifier.ts';
import { AppError } from '../http/errors.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by requireUser / viewer from a verified bearer token. */
    user?: VerifiedUser;
  }
}

const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Sign in to continue');

export interface UserMiddleware {
  /** 401 UNAUTHENTICATED unless the request carries a valid bearer token. */
  requireUser: RequestHandler;
  /**
   * For public reads that say more to a signed-in viewer: sets req.user for a valid token; without one, or with a
   * token that is refused, the request reads as a guest's (a public page never fails over a stale token).
   */
  viewer: RequestHandler;
}

export function userMiddleware(verify: TokenVerifier): UserMiddleware {
  const requireUser: RequestHandler = async (req, _res, next) => {
    const token = bearerToken(req.get('Authorization'));
    if (!token) return next(unauthenticated());
    try {
      req.user = await verify(token);
    } catch {
      // Expired, tampered, wrong issuer or algorithm: the caller learns only that the token was refused.
      return next(unauthenticated());
    }
    next();
  };
  const viewer: RequestHandler = async (req, _res, next) => {
    const token = bearerToken(req.get('Authorization'));
    if (token) req.user = await verify(token).catch(() => undefined);
    next();
  };
  return { requireUser, viewer };
}
