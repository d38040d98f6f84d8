/**
 * Static business contact details and opening hours. One module so the footer and the
 * landing page's contact section can never disagree.
 */
export const BUSINESS_CONTACT = {
  name: 'Restay Ltd.',
  street: '12 Harbour Street',
  cityLine: 'Lisbon 1100-001',
  country: 'Portugal',
  phone: '+351 210 000 123',
  phoneHref: 'tel:+351210000123',
  email: 'hello@restay.travel',
} as const;

export const OPENING_HOURS = [
  { days: 'Mon–Fri', hours: '9:00–18:00' },
  { days: 'Sat', hours: '10:00–14:00' },
  { days: 'Sun', hours: 'Closed' },
] as const;

/** Lisbon observes WET in winter and WEST in summer; the hours follow the local clock. */
export const OPENING_HOURS_TIME_ZONE = 'Lisbon time (WET/WEST)';
