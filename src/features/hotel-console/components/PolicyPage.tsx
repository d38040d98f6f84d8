import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { PolicyEffects } from '../../../../contract/resale-policy.ts';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { usePolicyCatalog, useHotelPolicy, usePublishPolicy } from '../api/policy.ts';
import { PolicyForm } from './PolicyForm.tsx';
import { PolicySummary } from './PolicySummary.tsx';
import { ResaleSwitch } from './ResaleSwitch.tsx';

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "2 listings paused, 1 resumed": what a change did, or that it changed no listing. */
export function effectsText(effects: PolicyEffects): string {
  const parts = [
    effects.paused ? `${effects.paused} listing${effects.paused === 1 ? '' : 's'} paused` : '',
    effects.resumed ? `${effects.resumed} listing${effects.resumed === 1 ? '' : 's'} back on sale` : '',
    effects.holdsReleased ? `${effects.holdsReleased} checkout${effects.holdsReleased === 1 ? '' : 's'} ended` : '',
  ].filter(Boolean);
  return parts.length ? `${parts.join(', ')}.` : 'No listing had to change.';
}

/**
 * /hotel/:hotelId/policy: the live resale policy. Admins edit and publish it and hold the kill switch; staff
 * read it. A hotel that has published nothing allows no resale, and the page says so first.
 */
export default function PolicyPage() {
  const hotelId = useParams().hotelId ?? '';
  const view = useHotelPolicy(hotelId);
  const isAdmin = view.data?.role === 'admin';
  const catalog = usePolicyCatalog(hotelId, isAdmin);
  const publish = usePublishPolicy(hotelId);
  const [published, setPublished] = useState<string | null>(null);

  if (view.isPending) return <Spinner label="Loading the resale policy…" />;
  if (view.isError) return <LoadFailed title="Failed to load the resale policy." onRetry={() => void view.refetch()} />;
  const { live, pausedAt, draft, hotel } = view.data;

  return (
    <section aria-labelledby="policy-heading" className="space-y-8">
      <div>
        <h2 id="policy-heading" className="text-xl font-semibold text-slate-900">
          Resale policy
        </h2>
        <p className="mt-1 text-slate-700" data-testid="policy-status">
          {live
            ? `Version ${live.version} is live, published by ${live.publishedBy} on ${dateTime(live.publishedAt)}.`
            : 'Nothing published yet: no booking at the hotel can be resold.'}{' '}
          <Link to={`/hotel/${hotelId}/policy/history`} className="text-brand-700 underline">
            Version history
          </Link>
        </p>
      </div>

      {isAdmin ? <ResaleSwitch hotelId={hotelId} hotelName={hotel.name} pausedAt={pausedAt} /> : null}
      {!isAdmin && pausedAt ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
          All resale is paused since {dateTime(pausedAt)}.
        </p>
      ) : null}

      {isAdmin ? (
        <>
          {published ? (
            <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-green-900">
              {published}
            </p>
          ) : null}
          <PolicyForm
            key={live?.version ?? 0}
            initial={draft}
            catalog={catalog.data}
            catalogProblem={
              catalog.isError
                ? "We could not read the hotel's rates and room types just now; you can still allow every rate and room type."
                : null
            }
            pending={publish.isPending}
            error={publish.error?.message ?? null}
            onPublish={(policy) =>
              publish.mutate(policy, {
                onSuccess: ({ live: version, effects }) =>
                  setPublished(`Version ${version.version} is live. ${effectsText(effects)}`),
              })
            }
          />
        </>
      ) : live ? (
        <PolicySummary policy={live.policy} />
      ) : null}
    </section>
  );
}
