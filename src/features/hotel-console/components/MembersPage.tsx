import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useHotelMembers, useRemoveMember, useWithdrawInvite } from '../api/members.ts';
import { InviteMemberForm } from './InviteMemberForm.tsx';
import { useHotel } from './use-hotel.ts';

const ROLE_LABELS = { admin: 'Admin', staff: 'Staff' } as const;
const removeButton =
  'rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60';

/** /hotel/:hotelId/members: who works for the hotel; an admin invites and removes people. */
export default function MembersPage() {
  const hotel = useHotel();
  usePageTitle(`Members · ${hotel.name}`);
  const list = useHotelMembers(hotel.id);
  const remove = useRemoveMember(hotel.id);
  const withdraw = useWithdrawInvite(hotel.id);
  const isAdmin = hotel.role === 'admin';

  if (list.isPending) return <Spinner label="Loading the members…" />;
  if (list.isError) return <LoadFailed title="Failed to load the members." onRetry={() => void list.refetch()} />;
  const failure = remove.error ?? withdraw.error;
  return (
    <div className="space-y-6">
      {isAdmin ? <InviteMemberForm hotelId={hotel.id} /> : null}
      <section aria-labelledby="people" className="rounded-2xl border border-slate-200 bg-white p-6">
        <h2 id="people" className="text-lg font-semibold text-slate-900">
          People
        </h2>
        <ul className="mt-4 divide-y divide-slate-100">
          {list.data.members.map((member) => (
            <li key={member.userId} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="font-medium text-slate-900">{member.name}</p>
                <p className="text-sm text-slate-600">
                  {member.email ?? 'No email'} · {ROLE_LABELS[member.role]}
                </p>
              </div>
              {isAdmin ? (
                <button
                  type="button"
                  className={removeButton}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(member.userId)}
                  aria-label={`Remove ${member.name}`}
                >
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        {list.data.invites.length ? (
          <>
            <h3 className="mt-6 font-semibold text-slate-900">Invited</h3>
            <ul className="mt-2 divide-y divide-slate-100">
              {list.data.invites.map((invite) => (
                <li key={invite.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <p className="text-sm text-slate-700">
                    {invite.email} · {ROLE_LABELS[invite.role]} · until{' '}
                    {new Date(invite.expiresAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
                  </p>
                  {isAdmin ? (
                    <button
                      type="button"
                      className={removeButton}
                      disabled={withdraw.isPending}
                      onClick={() => withdraw.mutate(invite.id)}
                      aria-label={`Withdraw the invitation to ${invite.email}`}
                    >
                      Withdraw
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        {failure ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {failure.message}
          </p>
        ) : null}
      </section>
    </div>
  );
}
