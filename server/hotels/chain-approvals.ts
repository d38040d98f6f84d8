import type { ChainApproval } from '../../contract/hotels.ts';
import { inTransaction, type Executor } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import type { HotelDeps } from './deps.ts';
import { join } from './claim.ts';
import { roleAt } from './membership.ts';

/** The query of first-admin links, of other hotels in the chain of the admin's hotel, someone is waiting on. */
function waitingInChain(db: Executor, hotelId: string, now: Date) {
  return db
    .selectFrom('hotel_invites as i')
    .innerJoin('hotels as h', 'h.id', 'i.hotel_id')
    .innerJoin('hotels as mine', 'mine.chain_id', 'h.chain_id')
    .innerJoin('profiles as p', 'p.id', 'i.pending_user_id')
    .where('mine.id', '=', hotelId)
    .where('h.id', '<>', hotelId)
    .where('i.kind', '=', 'first_admin')
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', now);
}

/**
 * First-admin links of the chain's other hotels opened by someone whose email is not the requestor's; not the
 * admin's own (another admin must vouch for them).
 */
export async function chainApprovals(
  deps: Pick<HotelDeps, 'db' | 'clock'>,
  hotelId: string,
  adminId: string,
): Promise<ChainApproval[]> {
  await roleAt(deps.db, adminId, hotelId, 'admin');
  const rows = await waitingInChain(deps.db, hotelId, deps.clock())
    .where('i.pending_user_id', '<>', adminId)
    .select(['i.id', 'h.name', 'i.email', 'p.display_name', 'p.email as requester_email'])
    .orderBy('i.pending_since')
    .execute();
  return rows.map((row) => ({
    inviteId: row.id,
    hotelName: row.name,
    requesterName: row.display_name.trim() || row.requester_email || 'Unnamed',
    requesterEmail: row.requester_email,
    requestorEmail: row.email,
  }));
}

/** An admin of another hotel of the same chain vouches for the person: they become the hotel's first admin. */
export async function approveChainClaim(
  deps: Pick<HotelDeps, 'db' | 'clock'>,
  hotelId: string,
  adminId: string,
  inviteId: string,
): Promise<void> {
  await roleAt(deps.db, adminId, hotelId, 'admin');
  const now = deps.clock();
  await inTransaction(deps.db, async (trx) => {
    const waiting = await waitingInChain(trx, hotelId, now)
      .select(['i.id', 'i.hotel_id', 'i.pending_user_id', 'i.role'])
      .where('i.id', '=', inviteId)
      .executeTakeFirst();
    if (!waiting?.pending_user_id) throw new AppError('NOT_FOUND', 'Nobody is waiting for approval with this link');
    // Vouching is for someone else: an admin of the chain waiting on a hotel's link cannot let themselves in.
    if (waiting.pending_user_id === adminId)
      throw new AppError('FORBIDDEN', 'You cannot approve your own claim: another admin of the chain must.', {
        reason: 'own_claim',
      });
    const claimed = await trx
      .updateTable('hotel_invites')
      .set({ used_at: now })
      .where('id', '=', inviteId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (!claimed.numUpdatedRows) throw new AppError('CONFLICT', 'This link was already used');
    await join(
      trx,
      { inviteId, hotelId: waiting.hotel_id, userId: waiting.pending_user_id, role: waiting.role, approvedBy: adminId },
      now,
    );
  });
}
