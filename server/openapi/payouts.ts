import { schemaRef } from './json-schema.ts';
import type { OperationSpec } from './operation.ts';

export const payoutsPaths: Record<string, Record<string, OperationSpec>> = {
  '/api/payouts/account': {
    get: {
      operationId: 'getPayoutAccount',
      tag: 'Payouts',
      summary: 'The caller’s payout account: not set up, details needed, or ready to receive payouts',
      description:
        'Re-read from the payment provider on every call, so it is current when the seller comes back from onboarding.',
      access: 'bearer',
      reply: { status: 200, description: 'The account’s status and its label', data: schemaRef('PayoutAccount') },
      errors: ['UPSTREAM_ERROR'],
    },
  },
  '/api/payouts/onboarding': {
    post: {
      operationId: 'startPayoutOnboarding',
      tag: 'Payouts',
      summary: 'A single-use link to the payment provider’s onboarding, creating the caller’s payout account once',
      description:
        'The provider sends the seller back to `/my-listings?payouts=return` when they leave the form, and to ' +
        '`/my-listings?payouts=refresh` when the link expired, where a new link is asked for: on the origin the ' +
        'request came from (its `Origin` header) when the SPA may run there (`PUBLIC_URL`, `CORS_ORIGINS`), else on ' +
        '`PUBLIC_URL`.',
      access: 'bearer',
      reply: { status: 200, description: 'Where to send the seller', data: schemaRef('OnboardingLink') },
      errors: ['UPSTREAM_ERROR'],
    },
  },
  '/api/hotels/{hotelId}/payouts': {
    get: {
      operationId: 'getHotelPayouts',
      tag: 'Hotel console',
      summary: 'The hotel’s payout account and its name-change fees: owed, paid, and the latest ones',
      description:
        'For the hotel’s admins and staff; anyone else gets 404. The account is re-read from the payment provider. ' +
        'A fee is owed once the stay is in the buyer’s name and until its transfer; a hotel without a ready ' +
        'account is owed it until it has one.',
      access: 'bearer',
      pathParams: { hotelId: 'The hotel (its id in Restay)' },
      reply: { status: 200, description: 'The console’s Payouts', data: schemaRef('HotelPayouts') },
      errors: ['NOT_FOUND', 'UPSTREAM_ERROR'],
    },
  },
  '/api/hotels/{hotelId}/payouts/onboarding': {
    post: {
      operationId: 'startHotelPayoutOnboarding',
      tag: 'Hotel console',
      summary: 'A single-use link to the payment provider’s onboarding for the hotel’s payout account (admins only)',
      description:
        'Creates the hotel’s connected account once. The provider sends the admin back to ' +
        '`/hotel/{hotelId}/payouts?payouts=return`, or `?payouts=refresh` when the link expired.',
      access: 'bearer',
      pathParams: { hotelId: 'The hotel (its id in Restay)' },
      reply: { status: 200, description: 'Where to send the admin', data: schemaRef('OnboardingLink') },
      errors: ['FORBIDDEN', 'NOT_FOUND', 'UPSTREAM_ERROR'],
    },
  },
};
