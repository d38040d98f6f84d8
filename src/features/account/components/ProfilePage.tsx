import type { SupabaseClient, User } from '@supabase/supabase-js';
import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { useAuth } from '../../../lib/auth-context.ts';
import { DATE_DISPLAY_FORMAT } from '../../../lib/ui-constants.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { profileQueryOptions } from '../../../lib/profile.ts';
import { ProfileForm } from './ProfileForm.tsx';

export const PROFILE_LOAD_FAILED = 'We could not load your profile.';

export default function ProfilePage() {
  usePageTitle('Your Profile');
  const { user, supabase, signOut } = useAuth();
  if (!user || !supabase) return <Spinner label="Loading your profile…" />;
  return <Profile supabase={supabase} user={user} onSignOut={() => void signOut()} />;
}

/** Email and member-since from the session; the names from the profiles table, loaded and then editable. */
function Profile({ supabase, user, onSignOut }: { supabase: SupabaseClient; user: User; onSignOut: () => void }) {
  const profile = useQuery(profileQueryOptions(supabase, user.id));
  if (profile.isPending) return <Spinner label="Loading your profile…" />;

  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your Profile</h1>
      <dl className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-slate-500">Email</dt>
          <dd className="font-medium">{user.email}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">Member since</dt>
          <dd className="font-medium">{format(new Date(user.created_at), DATE_DISPLAY_FORMAT)}</dd>
        </div>
      </dl>
      {profile.isError ? (
        <div className="mt-8">
          <LoadFailed title={PROFILE_LOAD_FAILED} onRetry={() => void profile.refetch()}>
            {profile.error.message}
          </LoadFailed>
        </div>
      ) : (
        <ProfileForm supabase={supabase} userId={user.id} initial={profile.data} onSignOut={onSignOut} />
      )}
    </div>
  );
}
