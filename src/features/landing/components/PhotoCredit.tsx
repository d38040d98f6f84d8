import type { Photo } from '../../../../contract/photos.ts';

/** Unsplash's attribution: the photographer and Unsplash, each linked with the referral parameters. */
export function PhotoCredit({ photo, className = '' }: { photo: Photo; className?: string }) {
  if (!photo.attribution) return null;
  const { photographer, photographerUrl, unsplashUrl } = photo.attribution;
  return (
    <p className={`text-xs ${className}`}>
      Photo by{' '}
      <a href={photographerUrl} target="_blank" rel="noopener noreferrer" className="underline">
        {photographer}
      </a>{' '}
      on{' '}
      <a href={unsplashUrl} target="_blank" rel="noopener noreferrer" className="underline">
        Unsplash
      </a>
    </p>
  );
}
