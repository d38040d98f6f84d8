import { Link, useParams } from 'react-router-dom';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { usePolicyVersions } from '../api/policy.ts';
import { PolicySummary } from './PolicySummary.tsx';

/** /hotel/:hotelId/policy/history: every published version, newest (live) first: who, when and what. */
export default function PolicyHistoryPage() {
  const hotelId = useParams().hotelId ?? '';
  const versions = usePolicyVersions(hotelId);
  if (versions.isPending) return <Spinner label="Loading the version history…" />;
  if (versions.isError)
    return <LoadFailed title="Failed to load the version history." onRetry={() => void versions.refetch()} />;
  return (
    <section aria-labelledby="history-heading" className="space-y-6">
      <div>
        <h2 id="history-heading" className="text-xl font-semibold text-slate-900">
          Policy version history
        </h2>
        <Link to={`/hotel/${hotelId}/policy`} className="text-brand-700 underline">
          Back to the live policy
        </Link>
      </div>
      {versions.data.length ? (
        <ol className="space-y-6">
          {versions.data.map((version, index) => (
            <li key={version.version} className="rounded-xl border border-slate-200 p-4">
              <h3 className="font-semibold text-slate-900">
                Version {version.version}
                {index === 0 ? ' (live)' : ''}
              </h3>
              <p className="mb-3 text-sm text-slate-600">
                Published by {version.publishedBy} on{' '}
                {new Date(version.publishedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
              </p>
              <PolicySummary policy={version.policy} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-slate-700">Nothing published yet.</p>
      )}
    </section>
  );
}
