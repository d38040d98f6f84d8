const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe for HTML element content and quoted attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** Asks the browser for a picture the page paints first, before any script has run. */
export const imagePreload = (url: string) =>
  `<link rel="preload" as="image" href="${escapeHtml(url)}" fetchpriority="high" />`;

/** `html` with `tags` added at the end of its head. */
export const appendToHead = (html: string, tags: string) => html.replace('</head>', () => `${tags}</head>`);
