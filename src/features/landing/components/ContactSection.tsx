import { lazy, Suspense, useRef } from 'react';
import { BUSINESS_CONTACT, OPENING_HOURS, OPENING_HOURS_TIME_ZONE } from '../../../lib/business-contact.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';

// The form checks its fields with the API's zod schema and a form library: they load (and build their schemas)
// only as the section nears the screen, so a phone's first seconds on the landing page are not spent on them.
const ContactForm = lazy(() => import('./ContactForm.tsx').then((module) => ({ default: module.ContactForm })));

/** The same details as the footer, from the same module, so the two can never disagree. */
export function ContactSection() {
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  const placeholder = <div className="h-[36rem] animate-pulse rounded-2xl bg-slate-100" />;
  return (
    <section ref={section} id="contact" aria-labelledby="contact-heading" className="scroll-mt-16 bg-white">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-20 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-2">
          <h2 id="contact-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Contact us
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Questions about selling or booking a stay? Write to us and we will answer by email or phone.
          </p>
          <address className="mt-8 space-y-1 text-slate-700 not-italic">
            <p className="font-semibold text-slate-900">{BUSINESS_CONTACT.name}</p>
            <p>{BUSINESS_CONTACT.street}</p>
            <p>{BUSINESS_CONTACT.cityLine}</p>
            <p>{BUSINESS_CONTACT.country}</p>
            <p className="pt-2">
              Phone:{' '}
              <a href={BUSINESS_CONTACT.phoneHref} className="text-brand-700 underline">
                {BUSINESS_CONTACT.phone}
              </a>
            </p>
            <p>
              Email:{' '}
              <a href={`mailto:${BUSINESS_CONTACT.email}`} className="text-brand-700 underline">
                {BUSINESS_CONTACT.email}
              </a>
            </p>
          </address>
          <h3 className="mt-8 font-semibold text-slate-900">Opening hours</h3>
          <dl className="mt-2 max-w-64 space-y-1 text-slate-700">
            {OPENING_HOURS.map(({ days, hours }) => (
              <div key={days} className="flex justify-between gap-4">
                <dt>{days}</dt>
                <dd>{hours}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-1 text-sm text-slate-500">{OPENING_HOURS_TIME_ZONE}</p>
        </div>
        <div className="lg:col-span-3">
          {near ? (
            <Suspense fallback={placeholder}>
              <ContactForm />
            </Suspense>
          ) : (
            placeholder
          )}
        </div>
      </div>
    </section>
  );
}
