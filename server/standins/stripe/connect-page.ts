import { FAVICON_LINK, html } from '../../http/html.ts';
import { STYLE } from './checkout-page.ts';

/** A test IBAN that every payment provider's test mode accepts; no real bank account is ever asked for. */
export const TEST_IBAN = 'DE89370400440532013000';

export interface OnboardingPageState {
  businessName?: string;
  error?: string;
}

/** The local stand-in for the provider's hosted onboarding: the seller's name and a test bank account. */
export function onboardingPage(state: OnboardingPageState = {}): string {
  const error = state.error && html`<p class="error" id="name-error" role="alert">${state.error}</p>`;
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${FAVICON_LINK}
<meta name="robots" content="noindex"><title>Set up payouts · Test onboarding</title><style>${STYLE}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.5rem;color:#1a1f36}</style></head>
<body><p class="test">Test mode: no real account is opened and no real money moves.</p>
<main><h1>Set up payouts</h1>
<p class="hint">Where should we send the money from the stays you sell? This test form stands in for the payment provider's own.</p>
<form method="post">
<label for="name">Name on the account</label>
<input id="name" name="name" autocomplete="name" maxlength="100" required value="${state.businessName}"${
    state.error && html` aria-invalid="true" aria-describedby="name-error" autofocus`
  }>${error}
<label for="iban">Bank account (IBAN)</label>
<input id="iban" name="iban" value="${TEST_IBAN}" readonly aria-describedby="iban-hint">
<p class="hint" id="iban-hint">A test account: payouts in test mode never reach a bank.</p>
<button type="submit">Submit</button>
</form></main></body></html>`.toString();
}
