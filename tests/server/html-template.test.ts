import type { Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { StripeStandinSessionRow } from '../../server/db/schema.ts';
import { html, SafeHtml, trustedHtml } from '../../server/http/html.ts';
import { sendHtmlPage } from '../../server/http/html-page.ts';
import { devSignInPage } from '../../server/standins/sign-in/dev-sign-in-page.ts';
import { checkoutPage, closedCheckoutPage, dashboardPage } from '../../server/standins/stripe/checkout-page.ts';
import { onboardingPage } from '../../server/standins/stripe/connect-page.ts';

describe('html`…`', () => {
  it('escapes every interpolated text for element content and quoted attributes', () => {
    const hostile = `<script>alert(1)</script>"'><img src=x onerror=1>&`;
    expect(html`<p title="${hostile}">${hostile}</p>`.toString()).toBe(
      '<p title="&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&gt;&lt;img src=x onerror=1&gt;&amp;">' +
        '&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&gt;&lt;img src=x onerror=1&gt;&amp;</p>',
    );
  });

  it('keeps markup made by html itself and by trustedHtml, and nothing else', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p>${inner}${trustedHtml('<br>')}</p>`.toString()).toBe('<p><b>&lt;i&gt;</b><br></p>');
    // Something that merely looks like SafeHtml is text.
    const lookalike = { toString: () => '<script>' } as unknown as string;
    expect(html`${lookalike}`.toString()).toBe('&lt;script&gt;');
    // Nobody else can make one.
    expect(() => new SafeHtml(Symbol('forged') as never, '<script>')).toThrow(/never directly/);
  });

  it('joins arrays, escaping each text item and keeping each SafeHtml', () => {
    const items = ['<a>', html`<li>${'&'}</li>`, ['nested', 2]];
    expect(html`<ul>${items}</ul>`.toString()).toBe('<ul>&lt;a&gt;<li>&amp;</li>nested2</ul>');
    expect(html`<ul>${[]}</ul>`.toString()).toBe('<ul></ul>');
  });

  it('writes numbers (zero included) and leaves null, undefined and false out', () => {
    expect(html`${0}|${12.5}|${null}|${undefined}|${false}|${''}`.toString()).toBe('0|12.5||||');
    const flag: boolean = false;
    expect(html`<p${flag && html` hidden`}>`.toString()).toBe('<p>');
  });

  it('leaves the literal parts as written, escapes included', () => {
    expect(html`&larr; Back\n`.toString()).toBe('&larr; Back\n');
  });
});

describe('the pages the server draws itself', () => {
  const ICON = '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';
  const session = {
    id: 'cs_1',
    status: 'open',
    currency: 'eur',
    amount_total: 12_345,
    line_items: [{ name: 'A stay', description: 'Two nights', quantity: 1, amount: 12_345, currency: 'eur' }],
    customer_email: 'buyer@example.com',
    cancel_url: 'http://localhost:3000/back',
  } as unknown as StripeStandinSessionRow;

  it('name the favicon in their head, as the SPA does', () => {
    let sent = '';
    const res = { status: () => res, type: () => res, send: (body: string) => void (sent = body) };
    sendHtmlPage(res as unknown as Response, 200, 'Dev mailbox', html`<p>Hello</p>`);
    const pages = {
      'a page of the API (mailbox, demo PMS, unsubscribe, API reference)': sent,
      'test checkout': checkoutPage(session, {}),
      'test dashboard': dashboardPage([]),
      'closed checkout': closedCheckoutPage('Paid', 'Done', { href: '/', label: 'Back' }),
      'Connect onboarding': onboardingPage({ businessName: 'Ana' }),
      'development sign-in': devSignInPage('/auth/v1/authorize/dev?flow=1'),
    };
    for (const [name, page] of Object.entries(pages)) {
      expect(page, name).toContain(`${ICON}`);
      expect(page.indexOf(ICON), name).toBeLessThan(page.indexOf('</head>'));
    }
  });
});
