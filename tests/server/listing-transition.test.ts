import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canTransition, LISTING_STATUSES, type ListingStatus } from '../../contract/listing-status.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { AppError } from '../../server/http/errors.ts';
import { transitionListing } from '../../server/listings/transition.ts';
import { insertListing, insertProfile } from '../helpers/factories.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let sellerId: string;
let buyerId: string;
const now = new Date('2030-01-01T00:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  sellerId = await insertProfile(database.db);
  buyerId = await insertProfile(database.db);
});
afterAll(() => database.dispose());

/** The columns the schema requires with a status: `sold` has a buyer, nothing else has. */
const changesFor = (to: ListingStatus) => ({ buyer_id: to === 'sold' ? buyerId : null });

async function statusOf(id: string) {
  const row = await database.db.selectFrom('listings').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  return row.status;
}

describe('transitionListing', () => {
  it('follows the status machine for any sequence of requested moves, and changes nothing on a refusal', async () => {
    const status = fc.constantFrom(...LISTING_STATUSES);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.subarray([...LISTING_STATUSES], { minLength: 1 }), status), { maxLength: 8 }),
        async (moves) => {
          const id = await insertListing(database.db, sellerId, { now });
          let model: ListingStatus = 'active';
          for (const [from, to] of moves) {
            const allowed = from.some((candidate) => canTransition(candidate, to));
            const attempt = inTransaction(database.db, (trx) =>
              transitionListing(trx, { listingId: id, from, to, now, changes: changesFor(to) }),
            );
            if (!allowed) {
              await expect(attempt).rejects.toThrow(/No allowed transition/);
            } else if (from.includes(model) && canTransition(model, to)) {
              await expect(attempt).resolves.toMatchObject({ status: to });
              model = to;
            } else {
              await expect(attempt).rejects.toMatchObject({ code: 'CONFLICT', details: { status: model } });
            }
            expect(await statusOf(id)).toBe(model);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it('lets exactly one of many concurrent holds win; the others get 409 CONFLICT', async () => {
    const id = await insertListing(database.db, sellerId, { now });
    const attempts = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        inTransaction(database.db, (trx) =>
          transitionListing(trx, { listingId: id, from: ['active'], to: 'reserved', now }),
        ),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
    for (const attempt of attempts.filter((a) => a.status === 'rejected')) {
      expect((attempt as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
      expect((attempt as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT', status: 409 });
    }
    expect(await statusOf(id)).toBe('reserved');
  });

  it('answers 404 for a listing that does not exist', async () => {
    await expect(
      transitionListing(database.db, {
        listingId: '00000000-0000-4000-8000-000000000000',
        from: ['active'],
        to: 'inactive',
        now,
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
