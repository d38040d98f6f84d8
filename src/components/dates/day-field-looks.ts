/**
 * How a day field looks where it stands: `panel` in the marketplace's search panel, `hero` on the landing page's
 * search. The stand-in drawn before the picker's code has loaded uses the same look, so nothing moves when the
 * picker takes its place.
 */
export const DAY_FIELD_LOOKS = {
  panel: {
    box: 'text-xs font-medium text-slate-600',
    label: 'block',
    field: 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm',
  },
  hero: {
    box: '',
    label: 'block text-sm font-medium text-slate-700',
    field:
      'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30',
  },
} as const;

export type DayFieldLook = keyof typeof DAY_FIELD_LOOKS;

/** Which of the two fields, and whether it was pressed (open its calendar) or only reached (focus it). */
export type DayFieldArrival = { field: 'in' | 'out'; pressed: boolean };

/** What both the picker and its stand-in take. */
export type StayDateFieldsProps = {
  startDate: string;
  endDate: string;
  onChange: (dates: { startDate: string; endDate: string }) => void;
  look: DayFieldLook;
  labels: { in: string; out: string };
  /**
   * The fields' ids are `<idPrefix>-check-in` and `-check-out`: fixed, not useId, which differs between the
   * server's tree and the one that takes it over.
   */
  idPrefix: string;
  /** Fields marked invalid, and the message that says why. */
  problem?: { in: boolean; out: boolean; messageId: string } | null;
};

export const PLACEHOLDER = 'Add date';

export const dayFieldId = (idPrefix: string, field: 'in' | 'out') => `${idPrefix}-check-${field}`;
