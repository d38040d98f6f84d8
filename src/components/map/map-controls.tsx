/** The look of a button laid over either map (Search this area, Show my location). */
export const MAP_CONTROL =
  'rounded-lg bg-white px-3 py-2 text-sm font-medium text-slate-800 shadow ring-1 ring-slate-300 hover:bg-slate-50';

/** Why the map could not show the visitor's location, over either map; nothing when there is no reason. */
export function LocateError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="rounded bg-white px-2 py-1 text-xs text-slate-700 shadow">
      {message}
    </p>
  );
}
