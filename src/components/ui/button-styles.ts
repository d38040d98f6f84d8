/** Shared button looks, for <button> and <Link> alike. */
export const primaryButton =
  'inline-flex items-center justify-center rounded-lg bg-brand-600 px-5 py-2.5 font-medium text-white shadow-sm hover:bg-brand-700 disabled:opacity-60';
export const secondaryButton =
  'inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-medium text-slate-800 hover:bg-slate-50';
