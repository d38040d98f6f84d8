import { FAVICON_LINK, html, trustedHtml } from '../../http/html.ts';

/** Demo people to sign in as with one click; any other address works too. */
export const DEMO_ACCOUNTS = ['traveller@demo.restay.test', 'seller@demo.restay.test', 'buyer@demo.restay.test'];

const STYLE =
  trustedHtml(`body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:flex;justify-content:center;padding:3rem 1rem}
main{background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:2rem;max-width:26rem;width:100%}
h1{font-size:1.4rem;margin:0 0 .5rem}p{color:#475569}label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #cbd5e1;border-radius:.5rem;font-size:1rem}
button{margin-top:1rem;width:100%;padding:.65rem;border:0;border-radius:.5rem;background:#2563eb;color:#fff;font-size:1rem;cursor:pointer}
ul{list-style:none;padding:0}li form button{background:#e2e8f0;color:#0f172a;margin-top:.5rem}.error{color:#b91c1c}`);

/**
 * The development stand-in for Google's consent screen. No scripts: the API's CSP forbids inline ones, and a
 * plain form post to our own origin is all it needs.
 */
export function devSignInPage(action: string, error?: string): string {
  const demo = DEMO_ACCOUNTS.map(
    (email) =>
      html`<li><form method="post" action="${action}"><input type="hidden" name="email" value="${email}"><button type="submit">Sign in as ${email}</button></form></li>`,
  );
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${FAVICON_LINK}
<title>Development sign-in · Restay</title><style>${STYLE}</style></head>
<body><main>
<h1>Development sign-in</h1>
<p>This local stand-in for Google sign-in exists only in development and tests. Type any email address to sign in as that person.</p>
${error && html`<p class="error" role="alert">${error}</p>`}
<form method="post" action="${action}">
<label for="email">Email</label>
<input id="email" name="email" type="email" required autocomplete="email" autofocus>
<button type="submit">Continue</button>
</form>
<h2>Demo accounts</h2>
<ul>${demo}</ul>
</main></body></html>`.toString();
}
