import { skipToken, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { createCheckoutSessionRequestSchema } from '../../../contract/buying.ts';
import { useAuth } from '../../lib/auth-context.ts';
import { profileQueryOptions } from '../../lib/profile.ts';
import type { GuestName } from './checkout-reservation.ts';

type Field = keyof GuestName;
export type GuestNameErrors = Partial<Record<Field, string>>;

// The server's own rules (required, a real name, at most so long), so the panel and the API say the same.
const RULES: Record<Field, typeof createCheckoutSessionRequestSchema.shape.guestFirstName> = {
  firstName: createCheckoutSessionRequestSchema.shape.guestFirstName,
  lastName: createCheckoutSessionRequestSchema.shape.guestLastName,
};

function check(field: Field, value: string): string | undefined {
  // Empty is sent as nothing, which the rules would accept for older clients; here the name is required.
  const result = RULES[field].unwrap().safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * The guest's name for the Pay Now panel: pre-filled from the buyer's profile until they type, checked by the
 * contract's rules when they pay, and re-checked as they correct a field the check refused.
 */
export function useGuestName(buyerId: string) {
  const { supabase } = useAuth();
  const profile = useQuery(
    supabase ? profileQueryOptions(supabase, buyerId) : { queryKey: ['profile', buyerId], queryFn: skipToken },
  );
  const [typed, setTyped] = useState<Partial<GuestName>>({});
  const [errors, setErrors] = useState<GuestNameErrors>({});

  const name: GuestName = {
    firstName: typed.firstName ?? profile.data?.first_name ?? '',
    lastName: typed.lastName ?? profile.data?.last_name ?? '',
  };

  const change = (field: Field, value: string) => {
    setTyped((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: check(field, value) }));
  };

  /** The trimmed name when both parts pass; else the first refused field (and the errors are shown). */
  const validate = (): { name: GuestName } | { refused: Field } => {
    const found: GuestNameErrors = {
      firstName: check('firstName', name.firstName),
      lastName: check('lastName', name.lastName),
    };
    setErrors(found);
    if (found.firstName) return { refused: 'firstName' };
    if (found.lastName) return { refused: 'lastName' };
    return { name: { firstName: name.firstName.trim(), lastName: name.lastName.trim() } };
  };

  return { name, errors, change, validate };
}

export type GuestNameState = ReturnType<typeof useGuestName>;
