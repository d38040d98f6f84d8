import type { Listing } from '../../contract/listing.ts';

let sequence = 0;

/** A listing as GET /api/listings returns it; override only what a test cares about. */
export function makeListing(overrides: Partial<Listing> = {}): Listing {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    title: `Sea-view double room ${sequence}`,
    description: 'A bright room facing the harbour, breakfast included.',
    price: 1234,
    paid_price: 1480,
    currency: 'USD',
    status: 'active',
    user_id: 'seller-1',
    buyer_id: null,
    hotel_name: 'Hotel Miradouro',
    city: 'Lisbon',
    country: 'Portugal',
    location: 'Alfama',
    latitude: 38.71,
    longitude: -9.13,
    image_url: '/images/listings/lisbon.jpg',
    room_type: 'Double Deluxe',
    guests: 2,
    created_at: '2026-01-10T12:00:00.000Z',
    first_name: 'Ana',
    start_utc: '2026-03-03T00:00:00.000Z',
    end_utc: '2026-03-07T00:00:00.000Z',
    reservations: { start_utc: '2026-03-03T00:00:00.000Z', end_utc: '2026-03-07T00:00:00.000Z' },
    ...overrides,
  };
}
