import { Skeleton } from '../../../components/ui/Skeleton.tsx';

const PLACEHOLDER_CARDS = 6;

export function ListingGridSkeleton() {
  return (
    <div role="status">
      <span className="sr-only">Loading stays…</span>
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, index) => (
          <div key={index} aria-hidden="true" className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
            <Skeleton className="aspect-4/3 w-full rounded-none" />
            <div className="space-y-2 p-4">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="mt-4 h-6 w-1/4" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
