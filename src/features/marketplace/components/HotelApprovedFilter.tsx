/** Narrows the marketplace to stays whose hotel has approved their resale (it reaches the URL at once). */
export function HotelApprovedFilter({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="mt-4 flex w-fit cursor-pointer items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-900">
      <input
        type="checkbox"
        className="h-4 w-4 rounded border-slate-300 text-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      Only stays approved by their hotel
    </label>
  );
}
