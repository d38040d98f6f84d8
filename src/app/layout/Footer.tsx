import { Link } from 'react-router-dom';
import { BUSINESS_CONTACT, OPENING_HOURS, OPENING_HOURS_TIME_ZONE } from '../../lib/business-contact.ts';

const linkClass = 'rounded-sm text-slate-300 hover:text-white';

export function Footer() {
  const year = new Date().getFullYear();

  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-1">
          <p className="text-xl font-bold text-white">Restay</p>
          <p className="mt-3 text-sm leading-relaxed">
            A marketplace where travellers resell hotel reservations they can no longer use.
          </p>
        </div>

        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Explore</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <Link to="/marketplace" className={linkClass}>
                Marketplace
              </Link>
            </li>
            <li>
              <Link to="/list-my-reservation" className={linkClass}>
                List Your Stay
              </Link>
            </li>
            <li>
              <Link to="/terms" className={linkClass}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={linkClass}>
                Privacy Policy
              </Link>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Contact</h2>
          <address className="mt-3 space-y-1 text-sm not-italic">
            <p>{BUSINESS_CONTACT.name}</p>
            <p>{BUSINESS_CONTACT.street}</p>
            <p>{BUSINESS_CONTACT.cityLine}</p>
            <p>{BUSINESS_CONTACT.country}</p>
            <p className="pt-2">
              Phone:{' '}
              <a href={BUSINESS_CONTACT.phoneHref} className={linkClass}>
                {BUSINESS_CONTACT.phone}
              </a>
            </p>
            <p>
              Email:{' '}
              <a href={`mailto:${BUSINESS_CONTACT.email}`} className={linkClass}>
                {BUSINESS_CONTACT.email}
              </a>
            </p>
          </address>
        </div>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Opening hours</h2>
          <dl className="mt-3 space-y-1 text-sm">
            {OPENING_HOURS.map(({ days, hours }) => (
              <div key={days} className="flex justify-between gap-4 sm:max-w-56">
                <dt>{days}</dt>
                <dd className="text-white">{hours}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-2 text-xs text-slate-400">{OPENING_HOURS_TIME_ZONE}</p>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {year} {BUSINESS_CONTACT.name} All rights reserved.
        </p>
      </div>
    </footer>
  );
}
