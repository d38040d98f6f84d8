const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Only this module may vouch for markup: the constructor asks for a key nobody else holds. */
const VOUCHED = Symbol('markup vouched for by server/http/html.ts');

/**
 * Markup that may go into a page as it is: made only by the `html` template (which escaped everything put into
 * it) or by `trustedHtml` (a constant the code itself wrote). Anything else put into `html` is text.
 */
export class SafeHtml {
  readonly #markup: string;

  constructor(key: typeof VOUCHED, markup: string) {
    if (key !== VOUCHED) throw new Error('SafeHtml is made by html`…` or trustedHtml(), never directly');
    this.#markup = markup;
  }

  toString(): string {
    return this.#markup;
  }
}

/** What may be put into `html`: text and numbers are escaped, SafeHtml kept, lists joined, nothing left out. */
export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof SafeHtml) return value.toString();
  if (Array.isArray(value)) return value.map(render).join('');
  return String(value).replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * The one way the server writes HTML (and XML): every `${}` is escaped for element content and quoted
 * attribute values unless it is SafeHtml, so forgetting to escape cannot happen. Attribute values must be
 * quoted; an address from outside still needs checking for its scheme before it goes into an `href`.
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  const markup = strings.reduce(
    (out, text, index) => out + text + (index < values.length ? render(values[index]!) : ''),
    '',
  );
  return new SafeHtml(VOUCHED, markup);
}

/**
 * A constant the code itself wrote (a style sheet, a page the build produced), vouched for as markup without
 * escaping. Rarely needed, and never for anything that came from a request, the database or a provider.
 */
export const trustedHtml = (markup: string) => new SafeHtml(VOUCHED, markup);

/** The site's icon, which every page the server draws names in its head as the SPA's index.html does. */
export const FAVICON_LINK = trustedHtml('<link rel="icon" type="image/svg+xml" href="/favicon.svg">');

/** Asks the browser for a picture the page paints first, before any script has run. */
export const imagePreload = (url: string) => html`<link rel="preload" as="image" href="${url}" fetchpriority="high" />`;

/**
 * `page` with the entry's script and module preloads (as Vite writes them into index.html) asked for at low
 * priority: on a page that paints without them, the stylesheet and the photo then take the slow link first.
 */
export const withScriptsAtLowPriority = (page: string) =>
  page.replace(/<(?:script type="module"|link rel="modulepreload")/g, (tag) => `${tag} fetchpriority="low"`);

/** `page` with `tags` added at the end of its head. */
export const appendToHead = (page: string, tags: SafeHtml) => page.replace('</head>', () => `${tags}</head>`);
