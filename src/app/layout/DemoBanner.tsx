import { usePublicConfig } from '../../lib/public-config.ts';

export const DEMO_BANNER_TEXT = 'Demo: no real money, no real hotels; do not use a real email address';

/** On a public demo (DEMO_MODE), every page says plainly that nothing here is real; pinned so it is always seen. */
export function DemoBanner() {
  if (!usePublicConfig().data?.demoMode) return null;
  return (
    <>
      {/* Room below the footer, so the pinned banner never hides its last line. */}
      <div aria-hidden="true" className="h-10" />
      <p
        role="note"
        className="fixed inset-x-0 bottom-0 z-50 bg-amber-300 px-4 py-2 text-center text-sm font-semibold text-amber-950 shadow-[0_-1px_4px_rgb(0_0_0/0.15)]"
      >
        {DEMO_BANNER_TEXT}
      </p>
    </>
  );
}
