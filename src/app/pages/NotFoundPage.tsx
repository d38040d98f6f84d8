import { Link } from 'react-router-dom';
import { primaryButton } from '../../components/ui/button-styles.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

export default function NotFoundPage() {
  usePageTitle('Page not found');

  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={`${primaryButton} mt-8`}>
        Go back home
      </Link>
    </div>
  );
}
