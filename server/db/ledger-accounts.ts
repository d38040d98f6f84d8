/*
 * The ledger's vocabulary sits below the schema, which types its columns with it; server/ledger/ posts with it.
 */

/**
 * The ledger's accounts, each a balance in one currency (positive: the platform holds or is owed it; negative:
 * the platform owes it or earned it):
 * - `provider_balance`: the money in the platform's balance at the payment provider;
 * - `buyer_funds`: what buyers paid for sales not yet settled, owed back to them until the stay is theirs;
 * - `platform_fees`: what the platform earned;
 * - `seller_payable`: what a seller is owed (negative) or owes back (positive), one balance per seller.
 * Refunds and payouts are money leaving the provider balance, so each is a transaction kind, not an account.
 */
export type LedgerAccount = 'provider_balance' | 'buyer_funds' | 'platform_fees' | 'seller_payable';

/** The money events, one ledger transaction each. */
export type LedgerKind = 'payment' | 'refund' | 'settlement' | 'unsettlement' | 'payout' | 'reversal';
