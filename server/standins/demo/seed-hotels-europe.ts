import { DEMO_CITIES, type DemoHotel } from './seed-data.ts';

/** Demo hotels in Europe (fictional hotels, real neighbourhoods). */
export const EUROPE_HOTELS: readonly DemoHotel[] = [
  {
    name: 'Hotel Seeblick Zürich',
    city: DEMO_CITIES.zurich,
    address: 'Utoquai 41, 8008 Zürich',
    neighbourhood: 'Seefeld',
    latitude: 47.3602,
    longitude: 8.5506,
    stays: [
      {
        title: 'Deluxe King Room with Lake View',
        description:
          'A bright corner room with a king bed and floor-to-ceiling windows over Lake Zürich and the Alps. Breakfast on the lakeside terrace is included.',
        image: 'lake-view-room',
        priceCents: 32500,
      },
      {
        title: 'Superior Twin Room',
        description: 'Two single beds, oak floors and a rain shower, one tram stop from the lake promenade.',
        image: 'twin-room',
        priceCents: 21900,
      },
    ],
  },
  {
    name: 'Hotel Lindenhof Altstadt',
    city: DEMO_CITIES.zurich,
    address: 'Rennweg 18, 8001 Zürich',
    neighbourhood: 'Altstadt',
    latitude: 47.3731,
    longitude: 8.5398,
    stays: [
      {
        title: 'Junior Suite with Rooftop Terrace',
        description:
          'A top-floor suite with a private terrace over the old town roofs and the Limmat. The sitting area has a sofa bed for a third guest.',
        image: 'terracotta-rooftops',
        priceCents: 38900,
      },
      {
        title: 'Cosy Single Room',
        description: 'A quiet single room facing the inner courtyard, ideal for a short business trip.',
        image: 'classic-double-room',
        priceCents: 12900,
        status: 'inactive',
      },
    ],
  },
  {
    name: 'Casa do Alfama Boutique Hotel',
    city: DEMO_CITIES.lisbon,
    address: 'Rua de São Miguel 27, 1100-544 Lisboa',
    neighbourhood: 'Alfama',
    latitude: 38.7118,
    longitude: -9.1302,
    stays: [
      {
        title: 'Double Room with River View',
        description:
          'Hand-painted azulejo tiles, a queen bed and a window over the terracotta roofs down to the Tagus. Fado plays in the bar below on weekends.',
        image: 'terracotta-rooftops',
        priceCents: 14500,
      },
      {
        title: 'Attic Suite with Private Terrace',
        description: 'Sloped ceilings, a freestanding bath and a terrace made for sunset drinks over the river.',
        image: 'terracotta-rooftops',
        priceCents: 22500,
      },
    ],
  },
  {
    name: 'Chiado Grand Hotel',
    city: DEMO_CITIES.lisbon,
    address: 'Rua Garrett 62, 1200-204 Lisboa',
    neighbourhood: 'Chiado',
    latitude: 38.7107,
    longitude: -9.1421,
    stays: [
      {
        title: 'Deluxe Queen Room',
        description:
          'A calm, high-ceilinged room with a queen bed and a marble bathroom, steps from the historic cafés.',
        image: 'boutique-queen-room',
        priceCents: 17900,
      },
      {
        title: 'One-Bedroom Apartment with Kitchenette',
        description:
          'A separate bedroom, a living room with a kitchenette and a small dining table. Good for longer stays.',
        image: 'loft-studio',
        priceCents: 19500,
        status: 'sold',
      },
    ],
  },
  {
    name: 'Hôtel des Deux Rives',
    city: DEMO_CITIES.paris,
    address: '14 Rue des Rosiers, 75004 Paris',
    neighbourhood: 'Le Marais',
    latitude: 48.8573,
    longitude: 2.3588,
    stays: [
      {
        title: 'Superior Double Room with Balcony',
        description:
          'A Haussmann-style room with a wrought-iron balcony, parquet floors and a queen bed. Croissants are delivered to the door each morning.',
        image: 'paris-balcony',
        priceCents: 31500,
      },
      {
        title: 'Classic Twin Room',
        description: 'Two comfortable single beds in a quiet room overlooking the courtyard garden.',
        image: 'twin-room',
        priceCents: 19800,
      },
    ],
  },
  {
    name: 'Hôtel Saint-Germain Lumière',
    city: DEMO_CITIES.paris,
    address: '22 Rue Jacob, 75006 Paris',
    neighbourhood: 'Saint-Germain-des-Prés',
    latitude: 48.8556,
    longitude: 2.3341,
    stays: [
      {
        title: 'Prestige Suite with Eiffel Tower View',
        description:
          'A sixth-floor suite with a separate lounge, a king bed and a balcony facing the Eiffel Tower. Champagne on arrival is included.',
        image: 'paris-balcony',
        priceCents: 86000,
      },
      {
        title: 'Cosy Queen Room',
        description: 'A compact, elegant room with a queen bed and a walk-in shower, near the Seine bookstalls.',
        image: 'boutique-queen-room',
        priceCents: 16500,
      },
    ],
  },
  {
    name: 'Hotel Passeig Modernista',
    city: DEMO_CITIES.barcelona,
    address: 'Carrer de València 273, 08009 Barcelona',
    neighbourhood: 'Eixample',
    latitude: 41.3946,
    longitude: 2.1641,
    stays: [
      {
        title: 'Deluxe Double Room with Terrace',
        description:
          'A modernista room with mosaic floors and a private terrace above the tree-lined street. The rooftop bar looks out to the Sagrada Família.',
        image: 'terracotta-rooftops',
        priceCents: 21000,
      },
      {
        title: 'Family Room with Two Queen Beds',
        description: 'Space for four, with two queen beds, a sofa corner and a large bathroom.',
        image: 'family-suite',
        priceCents: 26500,
      },
    ],
  },
  {
    name: 'Barceloneta Mar Hotel',
    city: DEMO_CITIES.barcelona,
    address: 'Passeig de Joan de Borbó 54, 08003 Barcelona',
    neighbourhood: 'La Barceloneta',
    latitude: 41.3797,
    longitude: 2.1887,
    stays: [
      {
        title: 'Sea View King Room',
        description: 'Wake up to the Mediterranean from a king bed and a balcony two minutes from the beach.',
        image: 'sea-view-balcony',
        priceCents: 29500,
      },
      {
        title: 'Studio with Rooftop Pool Access',
        description: 'A bright studio with a double bed and access to the rooftop plunge pool and sun deck.',
        image: 'rooftop-pool',
        priceCents: 18500,
        status: 'inactive',
      },
    ],
  },
  {
    name: 'Hótel Norðurljós',
    city: DEMO_CITIES.reykjavik,
    address: 'Laugavegur 84, 101 Reykjavík',
    neighbourhood: 'Miðborg',
    latitude: 64.1441,
    longitude: -21.9252,
    stays: [
      {
        title: 'Aurora View Double Room',
        description:
          'A Nordic-style double room with a glass roof corner for watching the northern lights from bed. The hotel offers a wake-up call when the aurora appears.',
        image: 'aurora-lodge',
        priceCents: 28500,
      },
      {
        title: 'Budget Single Room',
        description: 'A simple, warm single room with a shared lounge and free hot drinks all day.',
        image: 'classic-double-room',
        priceCents: 9500,
      },
    ],
  },
  {
    name: 'Harpa Harbour Hotel',
    city: DEMO_CITIES.reykjavik,
    address: 'Mýrargata 2, 101 Reykjavík',
    neighbourhood: 'Old Harbour',
    latitude: 64.1509,
    longitude: -21.9497,
    stays: [
      {
        title: 'Harbour View Studio',
        description: 'A studio with a kitchenette and a wide window over the fishing boats and Mount Esja.',
        image: 'loft-studio',
        priceCents: 19500,
      },
    ],
  },
];
