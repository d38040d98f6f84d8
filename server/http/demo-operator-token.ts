import { sameSecret } from '../crypto/same-secret.ts';

/**
 * Whether a public demo's form carries the demo operator token (DEMO_OPERATOR_TOKEN) in its `operator_token`
 * field: the one check of every demo action that undoes something for someone else (the test dashboard's Refund,
 * the demo PMS's Cancel). Never true when no token is configured.
 */
export function offersDemoOperatorToken(form: unknown, operatorToken: string | null): boolean {
  const offered = (form as { operator_token?: unknown } | undefined)?.operator_token;
  return operatorToken ? sameSecret(offered, operatorToken) : false;
}
