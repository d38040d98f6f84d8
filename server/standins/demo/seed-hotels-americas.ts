import { DEMO_CITIES, type DemoHotel } from './seed-data.ts';

/** Demo hotels in North and South America (fictional hotels, real neighbourhoods). */
export const AMERICAS_HOTELS: readonly DemoHotel[] = [
  {
    name: 'Hotel Higienópolis Garden',
    city: DEMO_CITIES.saoPaulo,
    address: 'Rua Maranhão 210, Higienópolis, São Paulo - SP, 01240-000',
    neighbourhood: 'Higienópolis',
    latitude: -23.5446,
    longitude: -46.6543,
    stays: [
      {
        title: 'Executive King Room with City View',
        description:
          'A high-floor room with a king bed, a work desk and sweeping views over the São Paulo skyline. Access to the executive lounge is included.',
        image: 'skyline-suite',
        priceCents: 16500,
      },
      {
        title: 'Two-Bedroom Family Suite',
        description: 'Two bedrooms, two bathrooms and a living room opening onto the tropical garden.',
        image: 'family-suite',
        priceCents: 27500,
      },
    ],
  },
  {
    name: 'Edifício Aurora Hotel',
    city: DEMO_CITIES.saoPaulo,
    address: 'Avenida Ipiranga 344, República, São Paulo - SP, 01046-010',
    neighbourhood: 'República',
    latitude: -23.5441,
    longitude: -46.6419,
    stays: [
      {
        title: 'Studio Loft with Rooftop Pool Access',
        description:
          'A mid-century loft with a double bed and big windows, plus the rooftop pool and bar on the 30th floor.',
        image: 'rooftop-pool',
        priceCents: 11900,
      },
      {
        title: 'Standard Double Room',
        description: 'A comfortable double room with blackout curtains, a minibar and fast Wi-Fi.',
        image: 'classic-double-room',
        priceCents: 8900,
      },
    ],
  },
  {
    name: 'The Greene Street Hotel',
    city: DEMO_CITIES.newYork,
    address: '110 Greene Street, New York, NY 10012',
    neighbourhood: 'SoHo',
    latitude: 40.7244,
    longitude: -74.0011,
    stays: [
      {
        title: 'Loft King Room with Exposed Brick',
        description:
          'A converted cast-iron loft with 12-foot ceilings, exposed brick and a king bed. The neighbourhood galleries and boutiques are on the doorstep.',
        image: 'loft-studio',
        priceCents: 42500,
      },
      {
        title: 'Two-Bedroom Corner Suite',
        description:
          'Two king bedrooms, a living room with a dining table and windows on two sides. Sleeps four adults comfortably.',
        image: 'family-suite',
        priceCents: 78000,
      },
    ],
  },
  {
    name: 'Hudson & Vine Hotel',
    city: DEMO_CITIES.newYork,
    address: '88 Hudson Street, New York, NY 10013',
    neighbourhood: 'Tribeca',
    latitude: 40.7186,
    longitude: -74.0087,
    stays: [
      {
        title: 'Skyline King Room',
        description: 'A king room on the 18th floor with a window seat facing the downtown skyline.',
        image: 'skyline-suite',
        priceCents: 36500,
      },
      {
        title: 'Compact Queen Room',
        description: 'A smartly designed queen room with a rain shower and a Nespresso machine.',
        image: 'boutique-queen-room',
        priceCents: 24900,
        status: 'sold',
      },
    ],
  },
  {
    name: 'Hotel Casa Alameda',
    city: DEMO_CITIES.mexicoCity,
    address: 'Avenida Juárez 76, Centro Histórico, 06010 Ciudad de México',
    neighbourhood: 'Centro Histórico',
    latitude: 19.4356,
    longitude: -99.1441,
    stays: [
      {
        title: 'King Room with Rooftop Pool Access',
        description:
          'A king room in a restored 1920s building, with the rooftop pool overlooking the Alameda Central park.',
        image: 'rooftop-pool',
        priceCents: 13500,
      },
      {
        title: 'Deluxe Double Room',
        description:
          'Hand-woven textiles, a double bed and a balcony onto the avenue. Breakfast with fresh pan dulce is included.',
        image: 'classic-double-room',
        priceCents: 9900,
      },
    ],
  },
  {
    name: 'Hotel Reforma Jardín',
    city: DEMO_CITIES.mexicoCity,
    address: 'Calle Versalles 45, Colonia Juárez, 06600 Ciudad de México',
    neighbourhood: 'Juárez',
    latitude: 19.4296,
    longitude: -99.1566,
    stays: [
      {
        title: 'Loft Studio with Kitchenette',
        description: 'A two-level loft with a queen bed upstairs and a kitchenette and sofa below.',
        image: 'loft-studio',
        priceCents: 11500,
      },
    ],
  },
];
