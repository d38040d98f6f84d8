import { BUSINESS_CONTACT } from '../../../lib/business-contact.ts';
import { LegalPage, LegalSection } from './LegalPage.tsx';

/** What Restay keeps about a person, why, and who else sees it. */
export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" seeAlso={{ to: '/terms', label: 'Terms of Service' }}>
      <LegalSection heading="What we keep">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Your account: the email address and name your Google sign-in gives us, and the name you enter in your
            profile.
          </li>
          <li>
            When you sell: the reservation as the hotel&apos;s system describes it (hotel, room, dates, guests, the
            price paid and the email address on it), your listings, and your payout account&apos;s status.
          </li>
          <li>
            When you buy: your orders, the name you give for the hotel, and what our payment provider tells us about
            your payment and any refund (never your card number).
          </li>
          <li>Saved searches and the alerts you asked for; messages you send through the contact form.</li>
          <li>
            Server logs: for each request its address, time and result, kept to keep the service running and to stop
            abuse.
          </li>
        </ul>
      </LegalSection>
      <LegalSection heading="Who else sees it">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            Buyers see a listing&apos;s hotel, room, dates, price and the seller&apos;s first name, never the
            seller&apos;s email or confirmation number.
          </li>
          <li>
            The hotel receives the buyer&apos;s name and email address, so that it can put the reservation in the
            buyer&apos;s name.
          </li>
          <li>Our payment provider receives what it needs to take payments, refund them and pay sellers out.</li>
          <li>Our email provider sends the emails about your sign-ins, listings, purchases and alerts.</li>
        </ul>
        <p>We do not sell your data and do not use it for advertising.</p>
      </LegalSection>
      <LegalSection heading="Cookies and storage">
        <p>
          We keep your sign-in and what you were doing (a listing you are writing, a checkout you are in) in your
          browser&apos;s storage. We use no tracking cookies.
        </p>
      </LegalSection>
      <LegalSection heading="Your rights">
        <p>
          You may ask us for a copy of what we keep about you, to correct it or to delete it. Records of payments and
          payouts are kept as long as the law requires.
        </p>
        <p>
          Write to {BUSINESS_CONTACT.name}, {BUSINESS_CONTACT.street}, {BUSINESS_CONTACT.cityLine},{' '}
          {BUSINESS_CONTACT.country}, <a href={`mailto:${BUSINESS_CONTACT.email}`}>{BUSINESS_CONTACT.email}</a>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
