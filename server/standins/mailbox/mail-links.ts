import { html, type SafeHtml } from '../../http/html.ts';

// An address in an email's text: http or https only, up to the next space or angle bracket or quote.
const ADDRESS = /https?:\/\/[^\s<>"']+/g;
// Punctuation that ends a sentence around an address rather than belonging to it.
const TRAILING = /[.,;:!?)\]]+$/;

/**
 * An email's plain text with each http(s) address made a link, so a developer can follow the links a real user
 * would (a verification link, an unsubscribe link). Everything, address included, goes through `html`, which
 * escapes it; only addresses that parse as http(s) URLs become links, the rest stays text.
 */
export function textWithLinks(text: string): SafeHtml {
  const parts: (string | SafeHtml)[] = [];
  let from = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const address = match[0].replace(TRAILING, '');
    const start = match.index;
    if (!isWebAddress(address)) continue;
    parts.push(text.slice(from, start), html`<a href="${address}" rel="noreferrer">${address}</a>`);
    from = start + address.length;
  }
  parts.push(text.slice(from));
  return html`${parts}`;
}

function isWebAddress(address: string): boolean {
  try {
    const { protocol } = new URL(address);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
