import { format } from 'date-fns';
import { useEffect, useState, type FormEvent } from 'react';
import { DATE_DISPLAY_FORMAT, PROFILE_TOAST_MS } from '../../../lib/ui-constants.ts';
import { useAuth } from '../../../lib/auth-context.ts';
import { primaryButton, secondaryButton } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';

type Names = { first_name: string; last_name: string; display_name: string };
const EMPTY: Names = { first_name: '', last_name: '', display_name: '' };

const FIELDS: { name: keyof Names; label: string }[] = [
  { name: 'first_name', label: 'First name' },
  { name: 'last_name', label: 'Last name' },
  { name: 'display_name', label: 'Display name' },
];

export default function ProfilePage() {
  usePageTitle('Your Profile');
  const { user, supabase, signOut } = useAuth();
  const [names, setNames] = useState<Names>(EMPTY);
  const [loaded, setLoaded] = useState(false);
  const [saving, setSaving] = useState(false);
  const [success, setSuccess] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const userId = user?.id;

  useEffect(() => {
    if (!supabase || !userId) return;
    let active = true;
    // maybeSingle: the row may not exist yet on the very first visit (the session provider creates it).
    void supabase
      .from('profiles')
      .select('first_name,last_name,display_name')
      .eq('id', userId)
      .maybeSingle<Names>()
      .then(({ data }) => {
        if (!active) return;
        if (data) setNames({ first_name: data.first_name ?? '', last_name: data.last_name ?? '', display_name: data.display_name ?? '' });
        setLoaded(true);
      });
    return () => {
      active = false;
    };
  }, [supabase, userId]);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(false), PROFILE_TOAST_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!supabase || !userId) return;
    setSaving(true);
    setError(null);
    setSuccess(false);
    try {
      const { error: failure } = await supabase
        .from('profiles')
        .upsert({ id: userId, ...names, updated_at: new Date().toISOString() });
      if (failure) {
        console.warn('Profile update refused', failure);
        setError('Failed to update profile. Please try again.');
      } else {
        setSuccess(true);
      }
    } catch (failure) {
      console.warn('Profile update failed', failure);
      setError('An error occurred. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  if (!user || !loaded) return <Spinner label="Loading your profile…" />;

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

      <form onSubmit={(event) => void save(event)} className="mt-8 space-y-5 rounded-xl border border-slate-200 bg-white p-5">
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
        {success && (
          <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800">
            Profile updated successfully
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={primaryButton} disabled={saving}>
            {saving ? 'Saving…' : 'Save Changes'}
          </button>
          <button type="button" className={secondaryButton} onClick={() => void signOut()}>
            Sign Out
          </button>
        </div>
      </form>
    </div>
  );
}
