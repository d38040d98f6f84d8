import { Link } from 'react-router-dom';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { ServiceCards } from './ServiceCards.tsx';

/**
 * The landing page's honest first version: hero, About and Services. The rotating hero photos, the
 * search form and the contact form arrive with the landing issue.
 */
export default function LandingPage() {
  usePageTitle();

  return (
    <>
      <section
        aria-labelledby="hero-heading"
        className="relative overflow-hidden bg-linear-to-br from-slate-900 via-brand-900 to-brand-700 pt-16 text-white"
      >
        <div className="mx-auto max-w-7xl px-4 py-24 sm:px-6 sm:py-32 lg:px-8">
          <h1 id="hero-heading" className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
            Hotel stays, passed on to travellers who can use them.
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-100 sm:text-xl">
            Can’t make your trip? Resell your reservation. Planning one? Book a verified stay for less.
          </p>
          <Link
            to="/marketplace"
            className="mt-10 inline-flex items-center rounded-lg bg-white px-6 py-3 text-base font-semibold text-brand-800 shadow-lg hover:bg-brand-50"
          >
            Browse the marketplace
          </Link>
        </div>
      </section>

      <section id="about" aria-labelledby="about-heading" className="scroll-mt-16 bg-white">
        <div className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
          <h2 id="about-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            About Restay
          </h2>
          <p className="mt-6 text-lg leading-relaxed text-slate-600">
            Plans change, and a non-refundable hotel booking often ends up wasted. Restay is a marketplace where
            travellers resell hotel reservations they can no longer use. Sellers import a reservation straight from
            the hotel’s booking system and prove it is theirs before listing it, so buyers browse real stays with
            real dates, at a price below what the seller paid.
          </p>
        </div>
      </section>

      <section id="services" aria-labelledby="services-heading" className="scroll-mt-16 bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <h2 id="services-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            How it works
          </h2>
          <ServiceCards />
        </div>
      </section>
    </>
  );
}
