/** The hero search rules of SPEC.md section 5, kept apart from the form so they read (and test) as rules. */
export interface HeroSearch {
  location: string;
  hotelName: string;
  /** YYYY-MM-DD, as a native date input gives it, or '' when not chosen. */
  startDate: string;
  endDate: string;
}

/** Why the dates cannot be searched, or null. ISO dates compare correctly as strings. */
export function dateProblem({ startDate, endDate }: HeroSearch, today: string): string | null {
  if (startDate && startDate < today) return 'Check-in cannot be in the past.';
  if (endDate && endDate < today) return 'Check-out cannot be in the past.';
  if (startDate && endDate && endDate <= startDate) return 'Check-out must be after check-in.';
  return null;
}

/** Where Search Hotels goes: the bare marketplace with nothing to search for, else the filtered one. */
export function searchPath(search: HeroSearch): string {
  const location = search.location.trim();
  const hotelName = search.hotelName.trim();
  if (!location && !hotelName) return '/marketplace';
  const params = new URLSearchParams();
  // Blank text filters are left out: the marketplace ignores them anyway, and the URL stays readable.
  if (location) params.set('location', location);
  if (hotelName) params.set('hotelName', hotelName);
  if (search.startDate) params.set('startDate', search.startDate);
  if (search.endDate) params.set('endDate', search.endDate);
  return `/marketplace?${params.toString()}`;
}
