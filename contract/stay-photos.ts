/**
 * The stay photos shipped in public/images/listings, tagged by what they show (`kind`) and where that can be true
 * (`countries`, ISO 3166-1 alpha-2 as a hotel's system reports them; `anywhere` for a room with nothing outside
 * its window). A listing is offered the photos of its hotel's country first, then rooms that could be anywhere,
 * so a Tokyo hotel is never offered the Eiffel Tower. A view is tagged only where it is recognisably true: a
 * skyline in countries of big skylines, a sea view along the Mediterranean.
 */
export const STAY_PHOTO_KINDS = { room: 'Room', view: 'View', courtyard: 'Courtyard', pool: 'Pool' } as const;
export type StayPhotoKind = keyof typeof STAY_PHOTO_KINDS;

export interface StayPhoto {
  url: string;
  /** What it shows, for those who cannot see it: its alt text, and its name among the choices. */
  alt: string;
  kind: StayPhotoKind;
  countries: readonly string[] | 'anywhere';
}

const photo = (name: string, kind: StayPhotoKind, countries: StayPhoto['countries'], alt: string): StayPhoto => ({
  url: `/images/listings/${name}.svg`,
  alt,
  kind,
  countries,
});

const BIG_SKYLINES = ['US', 'CA', 'AE', 'SG', 'HK', 'CN', 'KR', 'TH', 'MY', 'QA'];
const MEDITERRANEAN = ['ES', 'PT', 'IT', 'GR', 'HR', 'MT', 'CY', 'FR', 'TR', 'MC', 'ME', 'AL', 'SI'];

export const SHIPPED_STAY_PHOTOS: readonly StayPhoto[] = [
  photo('aurora-lodge', 'view', ['NO', 'SE', 'FI', 'IS'], 'Nordic room with a window onto the northern lights'),
  photo('boutique-queen-room', 'room', 'anywhere', 'Boutique queen room with a velvet headboard'),
  photo('classic-double-room', 'room', 'anywhere', 'Classic double room with a wooden headboard'),
  photo('family-suite', 'room', 'anywhere', 'Family suite with two queen beds'),
  photo('harbour-view', 'view', ['AU'], 'Window over a harbour with an arch bridge and an opera house'),
  photo('lake-view-room', 'view', ['CH', 'AT'], 'King room with a window over a lake and snowy mountains'),
  photo('loft-studio', 'room', 'anywhere', 'Loft studio with exposed brick and a kitchenette'),
  photo('neon-city-view', 'view', ['JP'], 'Window over neon-lit streets and a lattice tower at night'),
  photo('paris-balcony', 'view', ['FR'], 'Balcony facing Paris rooftops and the Eiffel Tower'),
  photo('riad-courtyard', 'courtyard', ['MA'], 'Riad courtyard with horseshoe arches and a tiled fountain'),
  photo('rooftop-pool', 'pool', BIG_SKYLINES, 'Rooftop pool over a city skyline at sunset'),
  photo('ryokan-room', 'room', ['JP'], 'Tatami room with shoji screens onto a maple garden'),
  photo('sea-view-balcony', 'view', MEDITERRANEAN, 'Balcony doors onto a sunny sea view'),
  photo('skyline-suite', 'view', BIG_SKYLINES, 'Suite with floor-to-ceiling windows over a city skyline'),
  photo('table-mountain-view', 'view', ['ZA'], 'Window onto colourful houses below a flat-topped mountain'),
  photo('terracotta-rooftops', 'view', ['IT'], 'Terrace over terracotta old-town rooftops and a river'),
  photo('twin-room', 'room', 'anywhere', 'Light Scandinavian twin room with two single beds'),
];

/** How many photos a seller picks among: enough to choose, few enough to see at a glance on a phone. */
export const SUGGESTED_PHOTO_COUNT = 4;

/** The shipped photo at `url`, if it is one. */
export const shippedStayPhoto = (url: string) => SHIPPED_STAY_PHOTOS.find((candidate) => candidate.url === url);

/** Whether the photo can be true of a hotel in this country. */
export function fitsCountry(candidate: StayPhoto, countryCode: string | null): boolean {
  if (candidate.countries === 'anywhere') return true;
  return countryCode !== null && candidate.countries.includes(countryCode.toUpperCase());
}
