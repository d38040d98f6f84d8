import type { HotelMembersReply, HotelOverview, HotelRole, MyHotel } from '../../contract/hotels.ts';
import type { VerifiedUser } from '../auth/token-verifier.ts';
import { inTransaction, type Executor } from '../db/transaction.ts';
import { AppError } from '../http/errors.ts';
import type { HotelDeps } from './deps.ts';
import { createInvite } from './invites.ts';
import { roleAt } from './membership.ts';

/** The hotels the person belongs to, with their role at each: the console's switcher. */
export async function myHotels(db: Executor, userId: string): Promise<MyHotel[]> {
  const rows = await db
    .selectFrom('hotel_members as m')
    .innerJoin('hotels as h', 'h.id', 'm.hotel_id')
    .select(['h.id', 'h.name', 'h.status', 'm.role'])
    .where('m.user_id', '=', userId)
    .orderBy('h.name')
    .execute();
  return rows;
}

export async function hotelOverview(db: Executor, hotelId: string, userId: string): Promise<HotelOverview> {
  const { role } = await roleAt(db, userId, hotelId);
  const hotel = await db
    .selectFrom('hotels as h')
    .select(['h.id', 'h.name', 'h.status', 'h.created_at'])
    .select((eb) =>
      eb
        .selectFrom('hotel_members as m')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('m.hotel_id', '=', 'h.id')
        .as('members'),
    )
    .where('h.id', '=', hotelId)
    .executeTakeFirstOrThrow();
  return {
    id: hotel.id,
    name: hotel.name,
    status: hotel.status,
    role,
    connectedSince: new Date(hotel.created_at).toISOString(),
    members: Number(hotel.members ?? 0),
  };
}

/** Who works for the hotel and who is invited (any member may read it). */
export async function hotelMembers(deps: Pick<HotelDeps, 'db' | 'clock'>, hotelId: string, userId: string) {
  await roleAt(deps.db, userId, hotelId);
  const [members, invites] = await Promise.all([
    deps.db
      .selectFrom('hotel_members as m')
      .innerJoin('profiles as p', 'p.id', 'm.user_id')
      .select(['m.user_id', 'm.role', 'p.display_name', 'p.first_name', 'p.last_name', 'p.email'])
      .where('m.hotel_id', '=', hotelId)
      .orderBy('m.created_at')
      .execute(),
    deps.db
      .selectFrom('hotel_invites')
      .select(['id', 'email', 'role', 'expires_at'])
      .where('hotel_id', '=', hotelId)
      .where('kind', '=', 'member')
      .where('used_at', 'is', null)
      .where('expires_at', '>', deps.clock())
      .orderBy('created_at')
      .execute(),
  ]);
  const reply: HotelMembersReply = {
    members: members.map((m) => ({
      userId: m.user_id,
      name: m.display_name.trim() || `${m.first_name} ${m.last_name}`.trim() || m.email || 'Unnamed',
      email: m.email,
      role: m.role,
    })),
    invites: invites.map((i) => ({
      id: i.id,
      email: i.email,
      role: i.role,
      expiresAt: new Date(i.expires_at).toISOString(),
    })),
  };
  return reply;
}

/** An admin invites someone by email; the invitation (72 h, single-use) goes out by a job. */
export async function inviteMember(
  deps: Pick<HotelDeps, 'db' | 'clock' | 'linkSecret'>,
  hotelId: string,
  admin: VerifiedUser,
  invite: { email: string; role: HotelRole },
): Promise<void> {
  await roleAt(deps.db, admin.id, hotelId, 'admin');
  const email = invite.email.trim().toLowerCase();
  const member = await deps.db
    .selectFrom('hotel_members as m')
    .innerJoin('profiles as p', 'p.id', 'm.user_id')
    .select('m.user_id')
    .where('m.hotel_id', '=', hotelId)
    .where((eb) => eb(eb.fn('lower', ['p.email']), '=', email))
    .executeTakeFirst();
  if (member)
    throw new AppError('CONFLICT', `${email} is already a member of this hotel`, { reason: 'already_member' });
  await inTransaction(deps.db, (trx) =>
    createInvite(trx, deps, { hotelId, kind: 'member', email, role: invite.role, invitedBy: admin.id }, deps.clock()),
  );
}

/** An admin removes a member or withdraws an invitation; the last admin cannot be removed. */
export async function removeMember(
  deps: Pick<HotelDeps, 'db' | 'clock'>,
  hotelId: string,
  adminId: string,
  userId: string,
): Promise<void> {
  await roleAt(deps.db, adminId, hotelId, 'admin');
  await inTransaction(deps.db, async (trx) => {
    const admins = await trx
      .selectFrom('hotel_members')
      .select(['user_id', 'role'])
      .where('hotel_id', '=', hotelId)
      .forUpdate()
      .execute();
    const target = admins.find((m) => m.user_id === userId);
    if (!target) throw new AppError('NOT_FOUND', 'This person is not a member of this hotel');
    if (target.role === 'admin' && admins.filter((m) => m.role === 'admin').length === 1)
      throw new AppError('CONFLICT', 'A hotel keeps at least one admin', { reason: 'last_admin' });
    await trx.deleteFrom('hotel_members').where('hotel_id', '=', hotelId).where('user_id', '=', userId).execute();
  });
}

export async function withdrawInvite(
  deps: Pick<HotelDeps, 'db' | 'clock'>,
  hotelId: string,
  adminId: string,
  inviteId: string,
): Promise<void> {
  await roleAt(deps.db, adminId, hotelId, 'admin');
  const result = await deps.db
    .updateTable('hotel_invites')
    .set({ expires_at: deps.clock() })
    .where('id', '=', inviteId)
    .where('hotel_id', '=', hotelId)
    .where('kind', '=', 'member')
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (!result.numUpdatedRows) throw new AppError('NOT_FOUND', 'No open invitation with this id');
}
