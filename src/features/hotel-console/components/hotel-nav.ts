/**
 * The console's sections, in the order of its navigation: `to` is relative to /hotel/:hotelId. A section for
 * admins only is hidden from staff (the API refuses them anyway). Each section is a child route of the hotel's
 * layout in src/app/routes.tsx.
 */
export interface HotelSection {
  to: string;
  label: string;
  adminOnly?: boolean;
}

export const HOTEL_SECTIONS: readonly HotelSection[] = [
  { to: '', label: 'Overview' },
  { to: 'approvals', label: 'Approvals' },
  { to: 'stays', label: 'Stays' },
  { to: 'policy', label: 'Resale policy' },
  { to: 'demand', label: 'Demand' },
  { to: 'report', label: 'Report' },
  { to: 'payouts', label: 'Payouts' },
  { to: 'members', label: 'Members' },
];
