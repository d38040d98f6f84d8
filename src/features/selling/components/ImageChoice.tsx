import type { UseFormRegisterReturn } from 'react-hook-form';

/** The photos the seller may choose among (the room's from the hotel's system, else the shipped ones). */
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
      <div className="mt-2 grid grid-cols-3 gap-3 sm:grid-cols-4">
        {options.map((url, index) => (
          <label
            key={url}
            className={`relative block cursor-pointer overflow-hidden rounded-lg ring-2 focus-within:ring-brand-500 ${
              selected === url ? 'ring-brand-600' : 'ring-transparent'
            }`}
          >
            <input type="radio" value={url} className="peer sr-only" {...field} />
            <img src={url} alt="" className="aspect-[4/3] w-full object-cover" loading="lazy" />
            <span className="sr-only">
              Photo {index + 1} of {options.length}
            </span>
            <span
              aria-hidden="true"
              className="absolute top-1 right-1 hidden size-5 items-center justify-center rounded-full bg-brand-600 text-xs text-white peer-checked:flex"
            >
              ✓
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
