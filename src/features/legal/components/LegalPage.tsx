import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title.ts';

/** When the text below was last changed; shown on both pages so a reader can tell a change. */
export const LEGAL_TEXT_UPDATED = 'November 26, 2026';

/**
 * The frame of a legal page: its title, the notice that a lawyer has yet to review the text (it is written in
 * plain words by the team that builds the product, so it says what the product does, not what a contract needs),
 * and its sections.
 */
export function LegalPage({
  title,
  seeAlso,
  children,
}: {
  title: string;
  /** The other legal page, linked at the end. */
  seeAlso: { to: string; label: string };
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 text-slate-700 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-slate-500">Last updated {LEGAL_TEXT_UPDATED}</p>
      <div className="mt-8 space-y-8 leading-relaxed">{children}</div>
      <p className="mt-12 text-sm">
        See also:{' '}
        <Link to={seeAlso.to} className="text-brand-700 underline">
          {seeAlso.label}
        </Link>
      </p>
    </article>
  );
}

/** One numbered part of a legal page. */
export function LegalSection({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="text-xl font-semibold text-slate-900">{heading}</h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}
