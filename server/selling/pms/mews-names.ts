/** The English name of a Mews localized text (`en-US`, else any `en-*`), else its first non-blank one. */
export function englishOrFirst(names: Record<string, string | null>): string | null {
  const english = names['en-US'] ?? Object.entries(names).find(([language]) => language.startsWith('en'))?.[1];
  const name =
    english?.trim() ||
    Object.values(names)
      .find((value) => value?.trim())
      ?.trim();
  return name || null;
}
