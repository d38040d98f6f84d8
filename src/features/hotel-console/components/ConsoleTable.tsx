import type { ReactNode } from 'react';

/**
 * What a table too wide for a phone scrolls sideways with: its region's name and the table's least width, a whole
 * Tailwind class (`min-w-[40rem]`) so that Tailwind finds it in the page's source.
 */
type SidewaysScroll = { label: string; minWidth: `min-w-[${string}]` };

/**
 * A console table: a caption for screen readers, a row of column headings, and `children` as the body's rows.
 * With `scrolls` it scrolls sideways on a phone, in a region that takes focus so a keyboard can scroll it too
 * (axe: scrollable-region-focusable); a table that fits a phone gets no region, which would be a needless tab stop.
 */
export function ConsoleTable({
  caption,
  headings,
  scrolls,
  children,
}: {
  caption: string;
  headings: string[];
  scrolls?: SidewaysScroll;
  children: ReactNode;
}) {
  const table = (
    <table className={scrolls ? `w-full ${scrolls.minWidth} text-sm` : 'mt-4 w-full text-sm'}>
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-slate-600">
          {headings.map((heading) => (
            <th key={heading} scope="col" className="py-2 pr-4 font-medium">
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">{children}</tbody>
    </table>
  );
  if (!scrolls) return table;
  return (
    <div className="mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={scrolls.label}>
      {table}
    </div>
  );
}
