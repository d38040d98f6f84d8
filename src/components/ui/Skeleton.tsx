/** A grey placeholder block for loading states; hidden from assistive tech, which gets a status message instead. */
export function Skeleton({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-slate-200 ${className}`} />;
}
