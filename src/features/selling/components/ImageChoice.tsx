import type { UseFormRegisterReturn } from 'react-hook-form';
import { shippedStayPhoto, STAY_PHOTO_KINDS } from '../../../../contract/stay-photos.ts';

/** A shipped photo is named by what it shows; the room's own photos from the hotel's system by their place. */
function describe(url: string, index: number, count: number) {
  const shipped = shippedStayPhoto(url);
  if (!shipped) return { name: `Photo ${index + 1} of ${count}`, kind: null };
  return { name: shipped.alt, kind: STAY_PHOTO_KINDS[shipped.kind] };
}

/**
 * The few photos the seller may choose among (the room's from the hotel's system, else shipped ones that fit the
 * hotel's place): a group of radio buttons, each named, chosen with the arrow keys as well as by a press.
 */
export function ImageChoice({
  options,
  field,
  selected,
}: {
  options: string[];
  field: UseFormRegisterReturn;
  selected: string | undefined;
}) {
  if (options.length === 0) return null;
  return (
    <fieldset>
      <legend className="block text-sm font-medium text-slate-700">Photo</legend>
      <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {options.map((url, index) => {
          const { name, kind } = describe(url, index, options.length);
          return (
            <label
              key={url}
              className={`relative block cursor-pointer overflow-hidden rounded-lg ring-2 focus-within:ring-brand-500 ${
                selected === url ? 'ring-brand-600' : 'ring-transparent'
              }`}
            >
              <input type="radio" value={url} className="peer sr-only" {...field} />
              <img src={url} alt="" className="aspect-[4/3] w-full object-cover" loading="lazy" />
              <span className="sr-only">{name}</span>
              {kind ? (
                <span aria-hidden="true" className="block bg-white px-2 py-1 text-xs text-slate-700">
                  {kind}
                </span>
              ) : null}
              <span
                aria-hidden="true"
                className="absolute top-1 right-1 hidden size-5 items-center justify-center rounded-full bg-brand-600 text-xs text-white peer-checked:flex"
              >
                ✓
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
