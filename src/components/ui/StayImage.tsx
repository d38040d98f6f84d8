import { useState } from 'react';

type Props = {
  src: string | null;
  alt: string;
  className?: string;
  /** Above-the-fold images (the detail hero, the first cards) load eagerly and first; the rest lazily. */
  eager?: boolean;
};

/** A stay's photo, with a neutral placeholder when there is none or it fails to load. */
export function StayImage({ src, alt, className = '', eager = false }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src || failedSrc === src) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={`flex items-center justify-center bg-linear-to-br from-brand-100 to-slate-200 text-brand-700/60 ${className}`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-10"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M3 21V7l9-4 9 4v14M9 21v-6h6v6M7 10h2M15 10h2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={`bg-slate-200 object-cover ${className}`}
    />
  );
}
