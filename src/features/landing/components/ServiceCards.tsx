import { Link } from 'react-router-dom';

const SERVICES = [
  {
    title: 'List your stay',
    text: 'Can’t use a reservation? Verify it with the hotel’s booking system and set your price.',
    to: '/list-my-reservation',
  },
  {
    title: 'Your stays',
    text: 'Every stay you buy is kept in one place, with its dates and hotel details.',
    to: '/my-stays',
  },
  {
    title: 'Find a stay',
    text: 'Browse reservations other travellers are reselling, often below the original price.',
    to: '/marketplace',
  },
] as const;

export function ServiceCards() {
  return (
    <ul className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-3">
      {SERVICES.map((service, index) => (
        <li key={service.to} className="relative rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md">
          <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700">
            {index + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">
            {/* The link stretches over the card so the whole card is clickable with one accessible name. */}
            <Link to={service.to} className="rounded-sm after:absolute after:inset-0 after:rounded-2xl">
              {service.title}
            </Link>
          </h3>
          <p className="mt-2 text-slate-600">{service.text}</p>
        </li>
      ))}
    </ul>
  );
}
