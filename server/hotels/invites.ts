import { createHmac, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { HOTEL_LINK_HOURS, type HotelRole } from '../../contract/hotels.ts';
import { sha256 } from '../crypto/sha256.ts';
import type { Executor } from '../db/transaction.ts';
import { enqueueJob } from '../jobs/enqueue.ts';
import { defineJobType } from '../jobs/job-type.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { HotelDeps } from './deps.ts';

/** Sends the email of one invite (the first admin's link, or a member's invitation). */
export const HOTEL_INVITE_EMAIL = defineJobType('hotels.invite_email', z.object({ inviteId: z.uuid() }));

const HOUR_MS = 3_600_000;

/**
 * The secret part of an invite's link, derived from its id with a server key: the database keeps only its hash,
 * and the email job computes it again, so the token is never written anywhere but into the email.
 */
export function inviteLinkToken(linkSecret: string, inviteId: string): string {
  return createHmac('sha256', linkSecret).update(`hotel-invite:${inviteId}`).digest('base64url');
}

export const inviteTokenHash = (token: string) => sha256(token);

/** Records an invite and queues its email in the caller's transaction; earlier unused links of the same kind lapse. */
export async function createInvite(
  trx: Executor,
  deps: Pick<HotelDeps, 'linkSecret'>,
  invite: { hotelId: string; kind: 'first_admin' | 'member'; email: string; role: HotelRole; invitedBy: string | null },
  now: Date,
): Promise<string> {
  const email = invite.email.trim().toLowerCase();
  // A new link replaces an unused one to the same address: only the latest email works.
  await trx
    .updateTable('hotel_invites')
    .set({ expires_at: now })
    .where('hotel_id', '=', invite.hotelId)
    .where('kind', '=', invite.kind)
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  const id = randomUUID();
  await trx
    .insertInto('hotel_invites')
    .values({
      id,
      hotel_id: invite.hotelId,
      kind: invite.kind,
      token_hash: inviteTokenHash(inviteLinkToken(deps.linkSecret, id)),
      email,
      role: invite.role,
      invited_by: invite.invitedBy,
      expires_at: new Date(now.getTime() + HOTEL_LINK_HOURS * HOUR_MS),
      created_at: now,
    })
    .execute();
  await enqueueJob(trx, HOTEL_INVITE_EMAIL, id, { inviteId: id }, now);
  return id;
}

/** The email of an invite, or null when it was used or lapsed before the job ran (nothing to send). */
export async function inviteEmail(
  deps: Pick<HotelDeps, 'db' | 'linkSecret' | 'publicUrl'>,
  inviteId: string,
  now: Date,
): Promise<MailMessage | null> {
  const invite = await deps.db
    .selectFrom('hotel_invites as i')
    .innerJoin('hotels as h', 'h.id', 'i.hotel_id')
    .leftJoin('profiles as p', 'p.id', 'i.invited_by')
    .select([
      'i.email',
      'i.kind',
      'i.role',
      'i.used_at',
      'i.expires_at',
      'h.name',
      'p.display_name',
      'p.email as inviter_email',
    ])
    .where('i.id', '=', inviteId)
    .executeTakeFirst();
  if (!invite || invite.used_at || new Date(invite.expires_at) <= now) return null;
  const link = `${deps.publicUrl}/hotel/claim?token=${inviteLinkToken(deps.linkSecret, inviteId)}`;
  const until = `This link works once, for ${HOTEL_LINK_HOURS} hours. Sign in with Google as ${invite.email} to use it.`;
  if (invite.kind === 'first_admin') {
    return {
      to: invite.email,
      subject: `Set up resale for ${invite.name} on Restay`,
      text: [
        `${invite.name} connected Restay in Mews. Restay lets your guests resell a stay they cannot use, and the`,
        "reservation is put in the buyer's name in your own system. You decide whether and what may be resold.",
        '',
        `Open this link to become the admin of ${invite.name} on Restay:`,
        link,
        '',
        until,
      ].join('\n'),
    };
  }
  const inviter = invite.display_name?.trim() || invite.inviter_email || 'An admin';
  return {
    to: invite.email,
    subject: `Join ${invite.name} on Restay`,
    text: [
      `${inviter} invited you to ${invite.name} on Restay as ${invite.role === 'admin' ? 'an admin' : 'staff'}.`,
      '',
      'Open this link to join:',
      link,
      '',
      until,
    ].join('\n'),
  };
}
