import { DEMO_MODE_ATTRIBUTE } from '../../../contract/page-config.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { useBrowserValue } from '../../lib/use-browser-value.tsx';

export const DEMO_BANNER_TEXT = 'Demo: no real money, no real hotels; do not use a real email address';

/** The server's render, which cannot read the page it is drawing: the banner follows in the browser's render. */
const SERVER_RENDER = 'server';
const demoModeMark = () => document.documentElement.getAttribute(DEMO_MODE_ATTRIBUTE);

/**
 * On a public demo (DEMO_MODE), every page says plainly that nothing here is real. The page the API served says
 * whether this is a demo; a page from elsewhere (a static host) asks GET /api/config.
 */
export function DemoBanner() {
  const mark = useBrowserValue(demoModeMark, SERVER_RENDER);
  if (mark === SERVER_RENDER) return null;
  if (mark === null) return <DemoBannerFromConfig />;
  return mark === 'true' ? <DemoNote /> : null;
}

function DemoBannerFromConfig() {
  return usePublicConfig().data?.demoMode ? <DemoNote /> : null;
}

/** Pinned, so it is always seen. */
function DemoNote() {
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
