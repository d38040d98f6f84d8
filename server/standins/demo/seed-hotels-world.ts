import { DEMO_CITIES, type DemoHotel } from './seed-data.ts';

/** Demo hotels in Asia, Oceania and Africa (fictional hotels, real neighbourhoods). */
export const WORLD_HOTELS: readonly DemoHotel[] = [
  {
    name: 'Ginza Hoshizora Hotel',
    city: DEMO_CITIES.tokyo,
    address: '5-9-1 Ginza, Chūō-ku, Tokyo 104-0061',
    neighbourhood: 'Ginza',
    latitude: 35.6717,
    longitude: 139.7651,
    stays: [
      {
        title: 'Superior King Room with City View',
        description:
          'A king room on the 22nd floor with the neon lights of the city at your feet. Guests get free entry to the top-floor onsen.',
        image: 'neon-city-view',
        priceCents: 24500,
      },
      {
        title: 'Moderate Double Room',
        description: 'A compact, cleverly designed double room with a deep soaking tub.',
        image: 'classic-double-room',
        priceCents: 13900,
      },
    ],
  },
  {
    name: 'Nihonbashi Riverside Hotel',
    city: DEMO_CITIES.tokyo,
    address: '2-3-4 Nihonbashi-Muromachi, Chūō-ku, Tokyo 103-0022',
    neighbourhood: 'Nihonbashi',
    latitude: 35.6871,
    longitude: 139.7738,
    stays: [
      {
        title: 'Corner Twin Room with Skyline View',
        description: 'Two semi-double beds and a wraparound window facing the Tokyo skyline.',
        image: 'skyline-suite',
        priceCents: 21500,
      },
      {
        title: 'Family Room with Tatami Area',
        description: 'Two Western beds plus a raised tatami area with futons for the children. Sleeps up to five.',
        image: 'ryokan-room',
        priceCents: 32000,
        status: 'sold',
      },
    ],
  },
  {
    name: 'Ryokan Shirakawa-an',
    city: DEMO_CITIES.kyoto,
    address: '45 Gionmachi Kitagawa, Higashiyama-ku, Kyoto 605-0073',
    neighbourhood: 'Gion',
    latitude: 35.0054,
    longitude: 135.7746,
    stays: [
      {
        title: 'Traditional Japanese Room with Futon Beds',
        description:
          'Tatami floors, sliding shoji screens and futons laid out each evening. A multi-course kaiseki dinner is served in the room.',
        image: 'ryokan-room',
        priceCents: 38000,
      },
      {
        title: 'Deluxe Tatami Suite with Private Garden',
        description:
          'A spacious suite opening onto a moss garden, with a cypress-wood bath filled from the house spring. Breakfast and dinner are included.',
        image: 'ryokan-room',
        priceCents: 72000,
      },
    ],
  },
  {
    name: 'Hotel Kamogawa Terrace',
    city: DEMO_CITIES.kyoto,
    address: '180 Kiyamachi-dori, Nakagyō-ku, Kyoto 604-8017',
    neighbourhood: 'Pontochō',
    latitude: 35.0077,
    longitude: 135.7709,
    stays: [
      {
        title: 'Riverside Double Room',
        description: 'A light, wood-panelled double room with a window over the Kamo River.',
        image: 'classic-double-room',
        priceCents: 17500,
      },
    ],
  },
  {
    name: 'Harbourlight Hotel',
    city: DEMO_CITIES.sydney,
    address: '38 George Street, The Rocks NSW 2000',
    neighbourhood: 'The Rocks',
    latitude: -33.8592,
    longitude: 151.2081,
    stays: [
      {
        title: 'King Room with Harbour Bridge View',
        description:
          'A king room with a full-height window framing the Harbour Bridge. The rooftop bar is one floor up.',
        image: 'harbour-view',
        priceCents: 39500,
      },
      {
        title: 'Opera House View Suite',
        description:
          'A one-bedroom suite with a separate lounge and a balcony facing the Opera House sails. Perfect for New Year’s Eve fireworks.',
        image: 'harbour-view',
        priceCents: 68000,
      },
    ],
  },
  {
    name: 'Darling Quay Hotel',
    city: DEMO_CITIES.sydney,
    address: '21 Wheat Road, Sydney NSW 2000',
    neighbourhood: 'Darling Harbour',
    latitude: -33.8728,
    longitude: 151.2013,
    stays: [
      {
        title: 'Two-Bedroom Apartment with Balcony',
        description: 'Two bedrooms, a full kitchen and a balcony over the harbour promenade. Sleeps five.',
        image: 'family-suite',
        priceCents: 45500,
      },
      {
        title: 'Standard Queen Room',
        description: 'A fresh, airy queen room with a city outlook and a 24-hour gym downstairs.',
        image: 'boutique-queen-room',
        priceCents: 19500,
      },
    ],
  },
  {
    name: 'Signal Hill Lodge',
    city: DEMO_CITIES.capeTown,
    address: '12 Wale Street, Bo-Kaap, Cape Town 8001',
    neighbourhood: 'Bo-Kaap',
    latitude: -33.9204,
    longitude: 18.4152,
    stays: [
      {
        title: 'Double Room with Table Mountain View',
        description:
          'A colourful double room facing Table Mountain, in one of the painted houses of the old Malay quarter.',
        image: 'table-mountain-view',
        priceCents: 12500,
      },
      {
        title: 'Garden Studio',
        description: 'A self-contained studio with a queen bed and a kitchenette, opening onto a small garden.',
        image: 'loft-studio',
        priceCents: 8500,
      },
    ],
  },
  {
    name: 'Waterfront Bay Hotel',
    city: DEMO_CITIES.capeTown,
    address: '5 Dock Road, V&A Waterfront, Cape Town 8001',
    neighbourhood: 'V&A Waterfront',
    latitude: -33.9042,
    longitude: 18.4198,
    stays: [
      {
        title: 'Ocean View Suite with Balcony',
        description: 'A suite with a king bed and a balcony over Table Bay. Seals often bask on the jetty below.',
        image: 'sea-view-balcony',
        priceCents: 26500,
      },
      {
        title: 'Family Suite with Bunk Beds',
        description: 'A king bedroom for the parents and a second room with bunk beds for the children.',
        image: 'family-suite',
        priceCents: 21500,
        status: 'inactive',
      },
    ],
  },
  {
    name: 'Riad Dar Zitoun',
    city: DEMO_CITIES.marrakech,
    address: '17 Derb Sidi Bouloukat, Medina, Marrakech 40000',
    neighbourhood: 'Medina',
    latitude: 31.6259,
    longitude: -7.9889,
    stays: [
      {
        title: 'Courtyard Double Room',
        description:
          'A double room with carved cedar doors opening onto the orange-tree courtyard. Mint tea is served on arrival.',
        image: 'riad-courtyard',
        priceCents: 9500,
      },
      {
        title: 'Royal Suite with Rooftop Terrace',
        description:
          'The riad’s largest suite, with a tadelakt bathroom, a fireplace and a private terrace facing the Atlas Mountains.',
        image: 'riad-courtyard',
        priceCents: 24000,
      },
      {
        title: 'Twin Room with Plunge Pool Access',
        description: 'Two single beds beside the tiled plunge pool on the patio.',
        image: 'riad-courtyard',
        priceCents: 7500,
      },
    ],
  },
];
