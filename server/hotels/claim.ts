import type { Transaction } from 'kysely';
import type { ClaimHotelReply, ClaimPreview } from '../../contract/hotels.ts';
import { ensureProfile } from '../accounts/ensure-profile.ts';
import type { VerifiedUser } from '../auth/token-verifier.ts';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import type { HotelDeps } from './deps.ts';
import { inviteTokenHash } from './invites.ts';

const sameEmail = (a: string | null | undefined, b: string) => a?.trim().toLowerCase() === b;

/**
 * A link opened signed out: which hotel, in which role, for which address, so the person knows what they are
 * about to administer before signing in. Refused as the claim would be (unknown, used or expired); reads only.
 */
export async function previewClaim(deps: Pick<HotelDeps, 'db' | 'clock'>, token: string): Promise<ClaimPreview> {
  const invite = await deps.db
    .selectFrom('hotel_invites as i')
    .innerJoin('hotels as h', 'h.id', 'i.hotel_id')
    .select(['i.email', 'i.role', 'i.expires_at', 'i.used_at', 'h.name'])
    .where('i.token_hash', '=', inviteTokenHash(token))
    .executeTakeFirst();
  if (!invite) throw new AppError('NOT_FOUND', 'This link is not valid. Ask for a new one.');
  if (invite.used_at) throw new AppError('CONFLICT', 'This link was already used.', { reason: 'link_used' });
  if (new Date(invite.expires_at) <= deps.clock())
    throw new AppError('CONFLICT', 'This link has expired. Ask for a new one.', { reason: 'link_expired' });
  return { hotel: { name: invite.name }, role: invite.role, email: invite.email };
}

/**
 * Opening an invite's link, signed in. The link is single-use and lasts 72 hours. Its email must be the
 * signed-in account's; a first admin's link opened with another address does not fail outright: it waits for an
 * admin of another hotel of the same chain to approve (a hotel without a chain cannot be approved that way).
 */
export async function claimHotel(
  deps: Pick<HotelDeps, 'db' | 'clock'>,
  user: VerifiedUser,
  token: string,
): Promise<ClaimHotelReply> {
  const now = deps.clock();
  await ensureProfile(deps.db, user);
  return inTransaction(deps.db, async (trx) => {
    const invite = await trx
      .selectFrom('hotel_invites as i')
      .innerJoin('hotels as h', 'h.id', 'i.hotel_id')
      .select(['i.id', 'i.hotel_id', 'i.kind', 'i.email', 'i.role', 'i.expires_at', 'i.used_at', 'i.used_by'])
      .select(['i.pending_user_id', 'h.name', 'h.chain_id'])
      .where('i.token_hash', '=', inviteTokenHash(token))
      .forUpdate('i')
      .executeTakeFirst();
    if (!invite) throw new AppError('NOT_FOUND', 'This link is not valid. Ask for a new one.');
    const hotel = { id: invite.hotel_id, name: invite.name };
    if (invite.used_at) {
      // Opening it again as the person who used it shows where they are; anyone else is refused.
      if (invite.used_by === user.id) return { outcome: 'joined', hotel, role: invite.role };
      throw new AppError('CONFLICT', 'This link was already used. Ask for a new one.', { reason: 'link_used' });
    }
    if (new Date(invite.expires_at) <= now)
      throw new AppError('CONFLICT', 'This link has expired. Ask for a new one.', { reason: 'link_expired' });
    // An address nobody vouched for could be anyone's: neither the link's own address nor a chain's approval
    // lets in an account whose sign-in did not verify its email.
    if (!user.emailVerified)
      throw new AppError(
        'FORBIDDEN',
        'Your sign-in did not verify your email address. Sign in with Google, then open the link again.',
        { reason: 'email_not_verified' },
      );
    if (sameEmail(user.email, invite.email)) {
      await join(trx, { inviteId: invite.id, hotelId: invite.hotel_id, userId: user.id, role: invite.role }, now);
      return { outcome: 'joined', hotel, role: invite.role };
    }
    if (invite.kind !== 'first_admin' || !invite.chain_id) {
      throw new AppError('FORBIDDEN', `This link is for ${invite.email}. Sign in with that address to use it.`, {
        reason: 'wrong_email',
      });
    }
    if (invite.pending_user_id && invite.pending_user_id !== user.id)
      throw new AppError('CONFLICT', 'Someone else is already waiting for approval with this link.', {
        reason: 'link_pending',
      });
    await trx
      .updateTable('hotel_invites')
      .set({ pending_user_id: user.id, pending_since: now })
      .where('id', '=', invite.id)
      .execute();
    return { outcome: 'awaiting_approval', hotel, role: invite.role };
  });
}

/** Makes the person a member (an admin's claim makes a pending hotel connected) and spends the link. */
export async function join(
  trx: Transaction<Database>,
  claim: { inviteId: string; hotelId: string; userId: string; role: 'admin' | 'staff'; approvedBy?: string },
  now: Date,
): Promise<void> {
  await trx
    .insertInto('hotel_members')
    .values({ hotel_id: claim.hotelId, user_id: claim.userId, role: claim.role, created_at: now })
    // Already a member: the link can raise staff to admin, never lower an admin.
    .onConflict((oc) =>
      claim.role === 'admin'
        ? oc.columns(['hotel_id', 'user_id']).doUpdateSet({ role: 'admin' })
        : oc.columns(['hotel_id', 'user_id']).doNothing(),
    )
    .execute();
  await trx
    .updateTable('hotel_invites')
    .set({ used_at: now, used_by: claim.userId, approved_by: claim.approvedBy ?? null })
    .where('id', '=', claim.inviteId)
    .execute();
  if (claim.role === 'admin')
    await trx
      .updateTable('hotels')
      .set({ status: 'connected', status_changed_at: now, updated_at: now })
      .where('id', '=', claim.hotelId)
      .where('status', '=', 'pending')
      .execute();
}
