import type { StripeStandinSessionRow } from '../../db/schema.ts';
import { formatProviderAmount } from '../../../contract/currencies.ts';
import { FAVICON_LINK, html, trustedHtml, type SafeHtml } from '../../http/html.ts';
import type { CardField, CardForm } from './test-cards.ts';

export const STYLE =
  trustedHtml(`*{box-sizing:border-box}body{margin:0;font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36}
.test{background:#fff4e5;color:#7a4100;text-align:center;font-size:.85rem;padding:.5rem 1rem;margin:0}
.wrap{display:grid;gap:1.5rem;max-width:58rem;margin:0 auto;padding:1.5rem 1rem 3rem}
@media(min-width:48rem){.wrap{grid-template-columns:1fr 1fr;gap:3rem;padding-top:3rem}}
a{color:#5046e5}.back{display:inline-block;margin-bottom:1rem}h1{font-size:1.1rem;margin:0 0 .25rem;color:#4f566b;font-weight:600}
.total{font-size:2.25rem;font-weight:700;margin:0 0 1rem}.item{border-top:1px solid #e3e8ee;padding-top:1rem}
.item p{margin:.25rem 0;color:#4f566b}.item strong{color:#1a1f36}
form,.card{background:#fff;border:1px solid #e3e8ee;border-radius:.75rem;padding:1.25rem}
label{display:block;font-weight:600;font-size:.9rem;margin:1rem 0 .35rem}label:first-of-type{margin-top:0}
input{width:100%;padding:.7rem .75rem;border:1px solid #cfd7df;border-radius:.4rem;font-size:1rem;background:#fff;color:inherit}
input:focus{outline:3px solid #a4a0ff;outline-offset:1px;border-color:#635bff}input[aria-invalid=true]{border-color:#df1b41}
.row{display:grid;grid-template-columns:1fr 1fr;gap:.75rem}.row label{margin-top:1rem}
.error{color:#df1b41;font-size:.9rem;margin:.4rem 0 0}.hint{color:#4f566b;font-size:.85rem;margin-top:0}
button{margin-top:1.5rem;width:100%;padding:.85rem;border:0;border-radius:.4rem;background:#635bff;color:#fff;font-size:1.05rem;font-weight:600;cursor:pointer}
button:focus-visible{outline:3px solid #a4a0ff;outline-offset:2px}`);

function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${FAVICON_LINK}
<meta name="robots" content="noindex"><title>${title} · Test checkout</title><style>${STYLE}</style></head>
<body><p class="test">Test mode: no real money moves. Pay with 4242 4242 4242 4242, any future date and any CVC.</p>
${body}</body></html>`.toString();
}

export interface CheckoutPageState {
  values?: Partial<CardForm>;
  error?: { field: CardField; message: string };
}

/** The hosted payment form: what is being bought on one side, the card form on the other (stacked on a phone). */
export function checkoutPage(session: StripeStandinSessionRow, state: CheckoutPageState = {}): string {
  const total = formatProviderAmount(session.amount_total, session.currency);
  const items = session.line_items.map(
    (item) =>
      html`<div class="item"><p><strong>${item.name}</strong></p>${item.description && html`<p>${item.description}</p>`}${
        item.quantity > 1 && html`<p>Qty ${item.quantity}</p>`
      }</div>`,
  );
  const back = session.cancel_url && html`<a class="back" href="${session.cancel_url}">&larr; Back</a>`;
  const field = (name: CardField, label: string, attributes: SafeHtml) => {
    const error = state.error?.field === name ? state.error.message : undefined;
    const value = name === 'cvc' ? '' : (state.values?.[name] ?? '');
    return html`<label for="${name}">${label}</label>
<input id="${name}" name="${name}" ${attributes} value="${value}" required${
      error && html` aria-invalid="true" aria-describedby="${name}-error" autofocus`
    }>${error && html`<p class="error" id="${name}-error" role="alert">${error}</p>`}`;
  };
  return page(
    `Pay ${total}`,
    html`<main class="wrap">
<section aria-labelledby="summary">${back}
<h1 id="summary">Pay Restay</h1><p class="total">${total}</p>${items}</section>
<form method="post" action="/test-checkout/${session.id}/pay" novalidate aria-label="Card details">
${session.customer_email && html`<p class="hint">Paying as ${session.customer_email}</p>`}
${field('number', 'Card number', html`inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23"`)}
<div class="row"><div>${field('expiry', 'Expiry (MM / YY)', html`inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" maxlength="7"`)}</div>
<div>${field('cvc', 'CVC', html`inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4"`)}</div></div>
${field('name', 'Cardholder name', html`autocomplete="cc-name" maxlength="100"`)}
<button type="submit">Pay ${total}</button>
</form></main>`,
  );
}

export interface DashboardPayment {
  paymentIntent: string;
  amount: number;
  currency: string;
  customerEmail: string | null;
  description: string;
  paidAt: Date | null;
  refundId: string | null;
  /** The refund form's token (refundFormToken). */
  formToken: string;
}

/**
 * The test dashboard: the stand-in's paid payments, each with a Refund button that does what a person does in
 * Stripe's dashboard (a whole refund, then a `charge.refunded` event), so the demo can show a refund made by hand.
 */
export function dashboardPage(
  payments: readonly DashboardPayment[],
  { notice, askOperatorToken = false }: { notice?: string; askOperatorToken?: boolean } = {},
): string {
  const rows = payments.map((payment) => {
    const tokenField = askOperatorToken
      ? html`<label style="display:block;font-size:.8rem">Demo operator token
<input type="password" name="operator_token" autocomplete="off" style="margin:.2rem 0"></label>`
      : '';
    const action = payment.refundId
      ? `Refunded (${payment.refundId})`
      : html`<form method="post" action="/test-checkout/dashboard/payments/${payment.paymentIntent}/refund">
<input type="hidden" name="form_token" value="${payment.formToken}">${tokenField}<button type="submit" style="margin:0;width:auto;padding:.4rem .8rem;font-size:.9rem">Refund</button></form>`;
    return html`<tr><td>${payment.paidAt?.toISOString().slice(0, 16).replace('T', ' ')}</td>
<td>${payment.description}</td><td>${payment.customerEmail}</td>
<td>${formatProviderAmount(payment.amount, payment.currency)}</td><td><code>${payment.paymentIntent}</code></td><td>${action}</td></tr>`;
  });
  return page(
    'Payments',
    html`<main class="wrap" style="display:block"><section class="card"><h1>Test dashboard: payments</h1>
<p class="hint">Refunding here is a refund made by hand outside Restay: the payment is refunded in full and the
webhook receives <code>charge.refunded</code>.</p>${notice && html`<p role="status">${notice}</p>`}
${
  payments.length > 0
    ? // On a phone the table scrolls inside its card, so no cell spills over another row's Refund button.
      html`<div style="overflow-x:auto"><table style="width:100%;border-collapse:collapse;font-size:.9rem"><thead><tr><th scope="col">Paid (UTC)</th><th scope="col">What</th><th scope="col">Customer</th><th scope="col">Amount</th><th scope="col">Payment</th><th scope="col">Refund</th></tr></thead><tbody>${rows}</tbody></table></div>`
    : html`<p>No payments yet.</p>`
}</section></main>`,
  );
}

/** A session that can no longer be paid, or none at all: say so plainly and offer the way back. */
export function closedCheckoutPage(title: string, message: string, link?: { href: string; label: string }): string {
  return page(
    title,
    html`<main class="wrap"><section class="card"><h1>${title}</h1><p>${message}</p>${
      link && html`<p><a href="${link.href}">${link.label}</a></p>`
    }</section></main>`,
  );
}
