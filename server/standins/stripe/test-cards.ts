/** What the buyer typed into the test checkout form. */
export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export type CardField = keyof CardForm;
export type CardOutcome = { paid: true } | { paid: false; field: CardField; message: string };

/** Stripe's documented test cards that pay; each shows a different brand on the test page of a real account. */
const PAYING_CARDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '5200828282828210',
  '378282246310005',
  '6011111111111117',
]);

/** Stripe's test cards that fail, with the message Stripe's hosted page shows for each. */
const FAILING_CARDS: Record<string, { field: CardField; message: string }> = {
  '4000000000000002': { field: 'number', message: 'Your card was declined.' },
  '4000000000009995': { field: 'number', message: 'Your card has insufficient funds.' },
  '4000000000000069': { field: 'expiry', message: 'Your card has expired.' },
  '4000000000000127': { field: 'cvc', message: "Your card's security code is incorrect." },
};

/** The check digit rule every card number satisfies; it catches most typing mistakes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const fail = (field: CardField, message: string): CardOutcome => ({ paid: false, field, message });

/**
 * Charges a card the way Stripe's test mode does: the form is checked first (number, expiry, security code,
 * name), then the number decides the outcome. A real card number is declined: this page takes test cards only.
 */
export function chargeTestCard(form: CardForm, now: Date): CardOutcome {
  const number = form.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) return fail('number', 'Your card number is invalid.');

  const expiry = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(form.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return fail('expiry', "Your card's expiration date is incomplete.");
  const yearText = expiry[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  // A card is good through the last day of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) return fail('expiry', "Your card's expiration year is in the past.");

  const amex = /^3[47]/.test(number);
  if (!(amex ? /^\d{4}$/ : /^\d{3}$/).test(form.cvc.trim())) {
    return fail('cvc', "Your card's security code is incomplete.");
  }
  if (!form.name.trim()) return fail('name', 'Enter the name on the card.');

  const failure = FAILING_CARDS[number];
  if (failure) return fail(failure.field, failure.message);
  if (PAYING_CARDS.has(number)) return { paid: true };
  return fail(
    'number',
    'Your card was declined. This test checkout takes only test cards, such as 4242 4242 4242 4242.',
  );
}
