const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML element content and quoted attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** Asks the browser for a picture the page paints first, before any script has run. */
export const imagePreload = (url: string) =>
  `<link rel="preload" as="image" href="${escapeHtml(url)}" fetchpriority="high" />`;

/**
 * `html` with the entry's script and module preloads (as Vite writes them into index.html) asked for at low
 * priority: on a page that paints without them, the stylesheet and the photo then take the slow link first.
 */
export const withScriptsAtLowPriority = (html: string) =>
  html.replace(/<(?:script type="module"|link rel="modulepreload")/g, (tag) => `${tag} fetchpriority="low"`);

/** `html` with `tags` added at the end of its head. */
export const appendToHead = (html: string, tags: string) => html.replace('</head>', () => `${tags}</head>`);
