import { usePageTitle } from '../../../lib/use-page-title.ts';
import { AboutSection } from './AboutSection.tsx';
import { ContactSection } from './ContactSection.tsx';
import { HeroBackground } from './HeroBackground.tsx';
import { HeroSearchForm } from './HeroSearchForm.tsx';
import { ServiceCards } from './ServiceCards.tsx';

/** The first page a traveller sees: the offer, a one-step search, how reselling works, and how to reach us. */
export default function LandingPage() {
  usePageTitle();

  return (
    <>
      {/*
        isolate: the background sits at -z-10 inside the hero, never behind the whole page. On a phone the content is
        taller than the hero anyway; held at the top there, it does not climb as a slow phone paints it part-parsed.
      */}
      <section
        aria-labelledby="hero-heading"
        className="relative isolate flex min-h-[40rem] items-start overflow-hidden pt-16 text-white sm:min-h-[44rem] sm:items-center"
      >
        <HeroBackground />
        <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h1
            id="hero-heading"
            className="max-w-3xl text-4xl font-bold tracking-tight drop-shadow sm:text-5xl lg:text-6xl"
          >
            Hotel stays, passed on to travellers who can use them.
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-white/90 drop-shadow sm:text-xl">
            Can’t make your trip? Resell your reservation. Planning one? Book a verified stay for less.
          </p>
          <HeroSearchForm />
        </div>
      </section>

      <AboutSection />

      <section id="services" aria-labelledby="services-heading" className="scroll-mt-16 bg-slate-50">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <h2 id="services-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
            How it works
          </h2>
          <ServiceCards />
        </div>
      </section>

      <ContactSection />
    </>
  );
}
