/** The look of the Alerts dialogs: centred panel over a dark overlay, full width on a phone. */
export const overlayClass = 'fixed inset-0 z-40 bg-slate-900/50';
export const panelClass =
  'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none';
export const dialogTitleClass = 'text-lg font-semibold text-slate-900';
