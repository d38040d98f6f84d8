/**
 * The checkout's rules a stay's page applies before it has loaded zod: the guest's name and the details of a stay
 * someone else is paying for. buying.ts builds its schemas from them, so the page and the API say the same.
 */

export const GUEST_NAME_MAX = 100;
export type GuestNamePart = 'first' | 'last';

const CONTROL_CHARACTERS = /\p{Cc}/u;

/** What a guest's name is refused with: missing (or not a name), or too long. */
export const guestNameMessages = (which: GuestNamePart) => ({
  missing: `Please enter your ${which} name as on your ID.`,
  tooLong: `Your ${which} name can be at most ${GUEST_NAME_MAX} characters.`,
});

/** A name has a letter and no control character. */
export const looksLikeAName = (name: string) => /\p{L}/u.test(name) && !CONTROL_CHARACTERS.test(name);

/**
 * Why the API would refuse this name as typed (it trims it first), in the words of its schema
 * (`createCheckoutSessionRequestSchema`, checked against this in tests); undefined when it accepts it.
 */
export function guestNameProblem(which: GuestNamePart, typed: string): string | undefined {
  const name = typed.trim();
  const { missing, tooLong } = guestNameMessages(which);
  if (name.length < 1) return missing;
  if (name.length > GUEST_NAME_MAX) return tooLong;
  return looksLikeAName(name) ? undefined : missing;
}

/** 409 CONFLICT details when someone else is paying for the stay. */
export interface HeldDetails {
  reason: 'held';
  holdExpiresAt: string;
}

export function isHeldDetails(details: unknown): details is HeldDetails {
  if (typeof details !== 'object' || details === null) return false;
  const { reason, holdExpiresAt } = details as Record<string, unknown>;
  return reason === 'held' && typeof holdExpiresAt === 'string';
}
