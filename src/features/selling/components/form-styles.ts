/** The selling forms' looks, matching the contact form's. */
export const fieldClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-invalid:border-red-400 read-only:bg-slate-50';
export const labelClass = 'block text-sm font-medium text-slate-700';
export const hintClass = 'mt-1 text-xs text-slate-500';
