import { Link } from 'react-router-dom';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { primaryButton } from './button-styles.ts';

type Props = {
  title: string;
  /** What this page will do once its feature is built, in one sentence. */
  purpose: string;
};

/**
 * Placeholder for signed-in pages whose feature is not built yet: it says so plainly instead of pretending
 * to load anything.
 */
export function FeatureNotBuiltPage({ title, purpose }: Props) {
  usePageTitle(title);

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-3 text-lg text-slate-600">{purpose}</p>
      <div role="note" className="mt-8 rounded-xl border border-amber-200 bg-amber-50 p-5 text-amber-900">
        <p className="font-semibold">This feature is not built yet.</p>
        <p className="mt-1 text-sm">
          You are signed in, but this part of Restay is still being built, so there is nothing to show here yet.
          You can still browse every stay on the marketplace.
        </p>
      </div>
      <Link
        to="/marketplace"
        className={`${primaryButton} mt-8`}
      >
        Browse the marketplace
      </Link>
    </div>
  );
}
