import { Router } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { createListingRequestSchema, updateListingRequestSchema } from '../../contract/selling.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import type { UserMiddleware } from '../auth/require-user.ts';
import { parseInput } from '../http/validation.ts';
import { createListing } from './create-listing.ts';
import type { Pms } from './pms/pms.ts';
import { signedInUser } from '../auth/claimed-user.ts';
import { toListingDto } from '../listings/listing-dto.ts';
import type { ListingWithSeller } from '../listings/listing-dto.ts';
import { updateListing } from './update-listing.ts';
import { withdrawListing } from './withdraw-listing.ts';

export interface ListingWritesDependencies {
  db: Kysely<Database>;
  clock: Clock;
  users: UserMiddleware;
  maxMarkupPercent: number;
  /** Creating a listing reads the hotel's system; without one only changes to existing listings are served. */
  pms?: Pms;
}

const idSchema = z.guid();

/** A malformed id cannot name a listing: a 404 like any unknown id. */
function listingId(value: unknown): string {
  const id = idSchema.safeParse(value);
  if (!id.success) throw notFound('Listing');
  return id.data;
}

/** The seller's own listing after a change; who bought it is never the seller's to see. */
const reply = (row: ListingWithSeller | undefined) => {
  if (!row) throw notFound('Listing');
  return { success: true, data: toListingDto(row, null) };
};

/** POST, PUT and DELETE of /api/listings: the seller's side. */
export function listingWritesRouter(deps: ListingWritesDependencies): Router {
  const { db, clock, users, maxMarkupPercent, pms } = deps;
  const router = Router();

  if (pms) {
    router.post('/', users.requireUser, async (req, res) => {
      const body = parseInput(createListingRequestSchema, req.body);
      const user = signedInUser(req, [body.userId]);
      const created = await createListing({ db, clock, pms, maxMarkupPercent }, user, body);
      res.status(201).json({ success: true, data: created });
    });
  }

  router.put('/:id', users.requireUser, async (req, res) => {
    const id = listingId(req.params.id);
    const body = parseInput(updateListingRequestSchema, req.body);
    res.json(reply(await updateListing({ db, clock, maxMarkupPercent }, signedInUser(req).id, id, body)));
  });

  router.delete('/:id', users.requireUser, async (req, res) => {
    const id = listingId(req.params.id);
    res.json(reply(await withdrawListing({ db, clock }, signedInUser(req).id, id)));
  });

  return router;
}
