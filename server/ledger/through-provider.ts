import type { LedgerEntry } from './post.ts';

/** An amount in one currency (hundredths of its major unit). */
export interface Amount {
  amountCents: number;
  /** ISO 4217, upper-case. */
  currency: string;
}

/**
 * The entries of money moving between one of the sale's accounts (in the sale's currency) and the platform's
 * balance at the provider (in the currency the provider booked it in, the settlement currency). When the two
 * currencies differ the provider converted it: each side is matched in the `exchange` account in its own
 * currency, so the posting balances in both (ADR 0043). In one currency the two sides are equal and nothing
 * goes through `exchange`.
 */
export function throughProvider(saleSide: LedgerEntry & { currency: string }, provider: Amount): LedgerEntry[] {
  const entries: LedgerEntry[] = [
    saleSide,
    { account: 'provider_balance', amountCents: provider.amountCents, currency: provider.currency },
  ];
  if (saleSide.currency === provider.currency) {
    const difference = saleSide.amountCents + provider.amountCents;
    if (difference !== 0) entries.push({ account: 'exchange', amountCents: -difference, currency: provider.currency });
    return entries;
  }
  entries.push(
    { account: 'exchange', amountCents: -saleSide.amountCents, currency: saleSide.currency },
    { account: 'exchange', amountCents: -provider.amountCents, currency: provider.currency },
  );
  return entries;
}
