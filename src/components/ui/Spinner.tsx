/** A centred loading indicator with a name for assistive technology. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-brand-200 border-t-brand-600"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
