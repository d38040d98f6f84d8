import { createHmac } from 'node:crypto';
import { sameSecret } from '../../crypto/same-secret.ts';

/**
 * The test dashboard's refund form carries a token bound to its payment: an HMAC of the payment intent under the
 * stand-in's secret key (random per data directory). A page on another site cannot read the dashboard, so it
 * cannot forge the token, whatever Origin the browser sends: Chromium sends `Origin: null` from a page served
 * with `Referrer-Policy: no-referrer`, so the Origin header alone refused the dashboard's own form.
 */
export function refundFormToken(secretKey: string, paymentIntent: string): string {
  return createHmac('sha256', secretKey).update(`dashboard-refund:${paymentIntent}`).digest('base64url');
}

export function isRefundFormToken(secretKey: string, paymentIntent: string, given: unknown): boolean {
  return sameSecret(given, refundFormToken(secretKey, paymentIntent));
}
