import type { Response } from 'express';
import { FAVICON_LINK, html, type SafeHtml } from './html.ts';

/**
 * A small page the API serves itself (an email link's answer, the API reference, the development pages): readable
 * on a phone, focus visible, no script. `body` is markup made with `html`; `maxWidth` is its column (wider for a
 * reference or a table); `style` is the page's own CSS, after the shared rules.
 */
export function sendHtmlPage(
  res: Response,
  status: number,
  title: string,
  body: SafeHtml,
  { maxWidth = '36rem', style = html`` }: { maxWidth?: string; style?: SafeHtml } = {},
) {
  const page = html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Restay</title>${FAVICON_LINK}
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:${maxWidth};margin:3rem auto;padding:0 1rem;color:#0f172a}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#0f172a;color:#fff;cursor:pointer}
a{color:#1d4ed8}button:focus-visible,a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
pre{background:#f1f5f9;padding:.75rem;border-radius:.5rem;overflow-x:auto;font-size:.8rem}
code{font-size:.9em}section{border-top:1px solid #e2e8f0;padding-top:.5rem}${style}</style></head>
<body><main><h1>${title}</h1>
${body}</main></body></html>`;
  res.status(status).type('html').send(page.toString());
}
