import type { SupabaseClient } from '@supabase/supabase-js';
import { useState, type FormEvent } from 'react';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { useTimedMessage } from '../../../components/ui/use-timed-message.ts';
import { PROFILE_TOAST_MS } from '../../../lib/ui-constants.ts';
import type { ProfileNames } from '../../../lib/profile.ts';
import { ProfileWriteRefused, useSaveProfile } from '../api/profile.ts';

const FIELDS: { name: keyof ProfileNames; label: string }[] = [
  { name: 'first_name', label: 'First name' },
  { name: 'last_name', label: 'Last name' },
  { name: 'display_name', label: 'Display name' },
];

type Props = {
  supabase: SupabaseClient;
  userId: string;
  initial: ProfileNames;
  onSignOut: () => void;
};

/** The editable names; a save confirms for PROFILE_TOAST_MS, or says why it did not go through. */
export function ProfileForm({ supabase, userId, initial, onSignOut }: Props) {
  const [names, setNames] = useState<ProfileNames>(initial);
  const [success, showSuccess] = useTimedMessage(PROFILE_TOAST_MS);
  const save = useSaveProfile(supabase, userId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(names, {
      onSuccess: () => showSuccess('Profile updated successfully'),
      onError: (failure) =>
        console.warn(
          failure instanceof ProfileWriteRefused ? 'Profile update refused' : 'Profile update failed',
          failure,
        ),
    });
  };
  const error = save.isError
    ? save.error instanceof ProfileWriteRefused
      ? 'Failed to update profile. Please try again.'
      : 'An error occurred. Please try again.'
    : null;

  return (
    <form onSubmit={submit} className="mt-8 space-y-5 rounded-xl border border-slate-200 bg-white p-5">
      {FIELDS.map((field) => (
        <div key={field.name}>
          <label htmlFor={field.name} className="block text-sm font-medium text-slate-700">
            {field.label}
          </label>
          <input
            id={field.name}
            name={field.name}
            value={names[field.name]}
            maxLength={100}
            onChange={(event) => setNames((current) => ({ ...current, [field.name]: event.target.value }))}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </div>
      ))}
      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      {success && save.isSuccess && (
        <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800">
          {success}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButton} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save Changes'}
        </button>
        <button type="button" className={secondaryButton} onClick={onSignOut}>
          Sign Out
        </button>
      </div>
    </form>
  );
}
