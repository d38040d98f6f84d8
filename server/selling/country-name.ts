const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** "PT" -> "Portugal"; null for a missing or unknown code (then the stay cannot be listed). */
export function countryName(code: string | null): string | null {
  if (!code || !/^[A-Za-z]{2}$/.test(code)) return null;
  const name = regionNames.of(code.toUpperCase());
  // Unassigned codes come back as the code itself, or as "Unknown Region" for ZZ.
  return name && name !== code.toUpperCase() && code.toUpperCase() !== 'ZZ' ? name : null;
}
