import { inTransaction } from '../db/transaction.ts';
import type { HotelDeps } from './deps.ts';
import { HotelsCommandError } from './hotels-command-error.ts';
import type { TokenOwner } from './token-cipher.ts';

type Stored = { label: string; ciphertext: string; owner: TokenOwner; rewrite(ciphertext: string): Promise<unknown> };

/**
 * `npm run hotels -- rotate-key`: re-encrypts every stored hotel token (hotels' own, and those of integration
 * events not applied yet) under HOTEL_TOKEN_KEY, reading the old ones with HOTEL_TOKEN_KEY_PREVIOUS. All or
 * nothing, in one transaction: a token that decrypts with neither key is named and nothing is changed, so a
 * wrong previous key never leaves some hotels rotated and others not. Values already under the current key, in
 * today's format, are left as they are: running it twice changes nothing the second time.
 */
export async function rotateTokenKey(deps: Pick<HotelDeps, 'db' | 'cipher'>): Promise<string[]> {
  return inTransaction(deps.db, async (trx) => {
    const hotels = await trx
      .selectFrom('hotels')
      .select(['id', 'name', 'enterprise_id', 'access_token_ciphertext'])
      // Held until the commit: a token replaced meanwhile (a new key from Mews) waits for this rotation.
      .forUpdate()
      .execute();
    const events = await trx
      .selectFrom('hotel_integration_events')
      .select(['id', 'integration_id', 'token_ciphertext'])
      .where('token_ciphertext', 'is not', null)
      .forUpdate()
      .execute();
    const stored: Stored[] = [
      ...hotels.map((hotel) => ({
        label: `${hotel.name} (${hotel.id})`,
        ciphertext: hotel.access_token_ciphertext,
        owner: { hotel: hotel.enterprise_id },
        rewrite: (ciphertext: string) =>
          trx.updateTable('hotels').set({ access_token_ciphertext: ciphertext }).where('id', '=', hotel.id).execute(),
      })),
      ...events.map((event) => ({
        label: `integration event ${event.id} (integration ${event.integration_id})`,
        ciphertext: event.token_ciphertext!,
        owner: { integration: event.integration_id ?? '' },
        rewrite: (ciphertext: string) =>
          trx
            .updateTable('hotel_integration_events')
            .set({ token_ciphertext: ciphertext })
            .where('id', '=', event.id)
            .execute(),
      })),
    ];
    const stale = stored.filter((value) => !deps.cipher.isCurrent(value.ciphertext));
    const unreadable: string[] = [];
    const rewritten: { value: Stored; ciphertext: string }[] = [];
    for (const value of stale) {
      try {
        const token = deps.cipher.decrypt(value.ciphertext, value.owner);
        rewritten.push({ value, ciphertext: deps.cipher.encrypt(token, value.owner) });
      } catch {
        unreadable.push(`  ${value.label}`);
      }
    }
    if (unreadable.length)
      throw new HotelsCommandError([
        `${unreadable.length} stored token(s) decrypt with neither HOTEL_TOKEN_KEY nor HOTEL_TOKEN_KEY_PREVIOUS; ` +
          'nothing was changed:',
        ...unreadable,
      ]);
    for (const { value, ciphertext } of rewritten) await value.rewrite(ciphertext);
    return [
      `${rewritten.length} stored token(s) re-encrypted under HOTEL_TOKEN_KEY; ` +
        `${stored.length - rewritten.length} already were.`,
      'Every stored token is under HOTEL_TOKEN_KEY now: HOTEL_TOKEN_KEY_PREVIOUS can be removed.',
    ];
  });
}
