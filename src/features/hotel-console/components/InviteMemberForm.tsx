import { useId, useState, type FormEvent } from 'react';
import type { HotelRole } from '../../../../contract/hotels.ts';
import { primaryButton } from '../../../components/ui/button-styles.ts';
import { useInviteMember } from '../api/members.ts';

/** An admin invites someone by email, as staff or as another admin; the invitation is emailed. */
export function InviteMemberForm({ hotelId }: { hotelId: string }) {
  const invite = useInviteMember(hotelId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<HotelRole>('staff');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailId = useId();
  const roleId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    invite.mutate(
      { email, role },
      {
        onSuccess: () => {
          setSentTo(email.trim());
          setEmail('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="rounded-2xl border border-slate-200 bg-white p-6" aria-labelledby="invite">
      <h2 id="invite" className="text-lg font-semibold text-slate-900">
        Invite someone
      </h2>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={emailId} className="block text-sm font-medium text-slate-700">
            Email
          </label>
          <input
            id={emailId}
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor={roleId} className="block text-sm font-medium text-slate-700">
            Role
          </label>
          <select
            id={roleId}
            value={role}
            onChange={(event) => setRole(event.target.value as HotelRole)}
            className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2"
          >
            <option value="staff">Staff</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <button type="submit" className={primaryButton} disabled={invite.isPending}>
          Send invitation
        </button>
      </div>
      <div aria-live="polite" className="mt-3 text-sm">
        {sentTo ? <p className="text-green-700">Invitation sent to {sentTo}.</p> : null}
        {invite.isError ? <p className="text-red-700">{invite.error.message}</p> : null}
      </div>
    </form>
  );
}
