/** A moment as the console writes it: "2 Dec 2026, 14:30" (the reader's own time zone). */
export const consoleTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
