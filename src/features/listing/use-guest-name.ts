import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from '../../lib/auth-context.ts';
import { profileQueryOptions } from '../../lib/profile.ts';
import type { GuestName } from './checkout-reservation.ts';

type Field = keyof GuestName;
export type GuestNameErrors = Partial<Record<Field, string>>;

/**
 * The server's own rules (required, a real name, at most so long), so the panel and the API say the same. They
 * come with zod, in a chunk of their own, loaded as the panel opens: the stay's page paints without them.
 */
const loadRules = async () => {
  const { shape } = (await import('../../../contract/buying.ts')).createCheckoutSessionRequestSchema;
  // Empty is sent as nothing, which the rules would accept for older clients; here the name is required.
  const rules = { firstName: shape.guestFirstName.unwrap(), lastName: shape.guestLastName.unwrap() };
  return (field: Field, value: string): string | undefined => {
    const result = rules[field].safeParse(value);
    return result.success ? undefined : result.error.issues[0]?.message;
  };
};
let rulesLoading: ReturnType<typeof loadRules> | undefined;
const guestNameRules = () => {
  rulesLoading ??= loadRules().catch((error: unknown) => {
    rulesLoading = undefined;
    throw error;
  });
  return rulesLoading;
};

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
  useEffect(() => {
    // Fetched ahead, so paying never waits on them; a failed fetch is tried again when the buyer pays.
    guestNameRules().catch(() => undefined);
  }, []);

  const name: GuestName = {
    firstName: typed.firstName ?? profile.data?.first_name ?? '',
    lastName: typed.lastName ?? profile.data?.last_name ?? '',
  };

  const change = (field: Field, value: string) => {
    setTyped((current) => ({ ...current, [field]: value }));
    // A refused field was checked, so its rules are loaded: the message follows the typing at once.
    if (errors[field])
      void guestNameRules().then((check) => setErrors((current) => ({ ...current, [field]: check(field, value) })));
  };

  /** The trimmed name when both parts pass; else the first refused field (and the errors are shown). */
  const validate = async (): Promise<{ name: GuestName } | { refused: Field }> => {
    // Rules that cannot be loaded check nothing here: the server checks the name as well, and says what is wrong.
    const check = await guestNameRules().catch(() => () => undefined);
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
