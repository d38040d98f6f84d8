import type { RequestHandler } from 'express';
import { bearerToken, type TokenVerifier, type VerifiedUser } from '../auth/token-verifier.ts';
import { AppError } from './errors.ts';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by requireUser / optionalUser from a verified bearer token. */
    user?: VerifiedUser;
  }
}

const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Sign in to continue');

export interface UserMiddleware {
  /** 401 UNAUTHENTICATED unless the request carries a valid bearer token. */
  requireUser: RequestHandler;
  /** Sets req.user for a valid token, leaves it unset without one; a bad token is still a 401. */
  optionalUser: RequestHandler;
}

export function userMiddleware(verify: TokenVerifier): UserMiddleware {
  const identify = (required: boolean): RequestHandler =>
    async (req, _res, next) => {
      const header = req.get('Authorization');
      if (!header) return required ? next(unauthenticated()) : next();
      const token = bearerToken(header);
      if (!token) return next(unauthenticated());
      try {
        req.user = await verify(token);
      } catch {
        // Expired, tampered, wrong issuer or algorithm: the caller learns only that the token was refused.
        return next(unauthenticated());
      }
      next();
    };
  return { requireUser: identify(true), optionalUser: identify(false) };
}
