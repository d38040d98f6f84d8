import { AppError } from '../http/errors.ts';

const SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/**
 * The success and cancel pages must be on the product's own origin, so a checkout can never send a buyer (or
 * the session id) to someone else's site.
 */
export function checkoutUrlsOnOrigin(publicUrl: string, urls: { successUrl: string; cancelUrl: string }) {
  const origin = new URL(publicUrl).origin;
  const foreign = (Object.entries(urls) as [string, string][]).filter(
    ([, url]) => !URL.canParse(url) || new URL(url).origin !== origin,
  );
  if (foreign.length) {
    throw new AppError(
      'VALIDATION_ERROR',
      `The payment result pages must be on ${origin}`,
      foreign.map(([field]) => ({ field, message: `must be a page on ${origin}` })),
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
