import { BUSINESS_CONTACT } from '../../../lib/business-contact.ts';
import { LegalPage, LegalSection } from './LegalPage.tsx';

/** What using Restay means for a buyer and a seller, in the order things happen. */
export default function TermsPage() {
  return (
    <LegalPage title="Terms of Service" seeAlso={{ to: '/privacy', label: 'Privacy Policy' }}>
      <LegalSection heading="What Restay is">
        <p>
          Restay is a marketplace where people who booked a hotel room and can no longer use it resell the reservation
          to another traveller. Restay is not the hotel: the stay itself is provided by the hotel, under the
          hotel&apos;s own rules.
        </p>
      </LegalSection>
      <LegalSection heading="Selling a reservation">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            You may list only a reservation that is yours: we read it from the hotel&apos;s system by its confirmation
            number and send a code to the email address on it.
          </li>
          <li>
            You may not ask more than you paid at the hotel. The form shows the most you can ask and what you receive
            after Restay&apos;s fee, if any.
          </li>
          <li>
            When a buyer pays, we ask the hotel to put the reservation in the buyer&apos;s name. Your payout is sent to
            the payout account you set up once that has happened, and never before the buyer&apos;s payment has arrived.
          </li>
          <li>
            If the hotel cancels or changes the reservation, we withdraw the listing and email you why. If the hotel
            refuses the name change, the buyer is refunded in full and you receive nothing for that sale.
          </li>
        </ul>
      </LegalSection>
      <LegalSection heading="Buying a reservation">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            You pay the listed price through our payment provider. While you are on the payment page the stay is held
            for you for 30 minutes.
          </li>
          <li>
            After payment we ask the hotel to put the reservation in the name you gave, as on your ID. You check in
            under that name. We tell you by email once the hotel has done it.
          </li>
          <li>
            If the hotel refuses, does not answer for long enough, or cancels the reservation before it is in your name,
            you get your whole payment back.
          </li>
          <li>Once the reservation is in your name, the hotel&apos;s own cancellation rules apply to it.</li>
        </ul>
      </LegalSection>
      <LegalSection heading="Money">
        <p>
          Restay never sees your card details: payments are taken by our payment provider. Refunds go back to the card
          that paid. Amounts are charged in the listing&apos;s own currency; any other currency shown is an estimate at
          the day&apos;s reference rates, dated where it is shown.
        </p>
        <p className="mt-3">
          Sellers are paid out in Restay&apos;s payout currency (euros). A sale in another currency is converted by our
          payment provider at its own rate on the day the buyer&apos;s payment settles, so the payout can differ a
          little from the estimate shown when you list; the listing form, your sale email and My Listings say so.
        </p>
      </LegalSection>
      <LegalSection heading="Your account">
        <p>
          You sign in with your Google account. Keep it safe: whoever signs in as you can buy and sell as you. We may
          close an account that lists reservations it does not own or misuses the service.
        </p>
      </LegalSection>
      <LegalSection heading="Contact">
        <p>
          Questions about these terms: {BUSINESS_CONTACT.name}, {BUSINESS_CONTACT.street}, {BUSINESS_CONTACT.cityLine},{' '}
          {BUSINESS_CONTACT.country}, <a href={`mailto:${BUSINESS_CONTACT.email}`}>{BUSINESS_CONTACT.email}</a>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
