import { AppError } from '../http/errors.ts';

const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/**
 * The success and cancel pages follow the SPA the buyer paid from, but only to an origin the SPA may run on
 * (PUBLIC_URL's or one of CORS_ORIGINS), so a checkout can never send a buyer (or the session id) to someone
 * else's site. Both must be on the same origin: one SPA sent them.
 */
export function checkoutUrlsOnOrigin(appOrigins: string[], urls: { successUrl: string; cancelUrl: string }) {
  const origin = URL.canParse(urls.successUrl) ? new URL(urls.successUrl).origin : appOrigins[0]!;
  const allowed = appOrigins.includes(origin) ? origin : appOrigins[0]!;
  const foreign = (Object.entries(urls) as [string, string][]).filter(
    ([, url]) => !URL.canParse(url) || new URL(url).origin !== allowed,
  );
  if (foreign.length) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The payment result pages must be on ${allowed}`,
      foreign.map(([field]) => ({ field, message: `must be a page on ${allowed}` })),
    );
  }
  return { successUrl: withSessionPlaceholder(urls.successUrl), cancelUrl: urls.cancelUrl };
}

/**
 * The provider replaces the literal placeholder with the session id, which the success page reads as
 * `session_id`. Added when the browser left it out; built as text, since URL serialisation would escape it.
 */
function withSessionPlaceholder(url: string): string {
  if (url.includes(SESSION_PLACEHOLDER)) return url;
  const [beforeHash, hash] = url.split(/(?=#)/, 2) as [string, string | undefined];
  const separator = beforeHash.includes('?') ? '&' : '?';
  return `${beforeHash}${separator}session_id=${SESSION_PLACEHOLDER}${hash ?? ''}`;
}
