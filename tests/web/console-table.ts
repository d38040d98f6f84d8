import { screen, within } from '@testing-library/react';
import { expect } from 'vitest';

/** On a phone a wide console table scrolls sideways, in a region named `region` that a keyboard can focus. */
export function expectScrollsSideways(table: HTMLElement, region: string): void {
  const scroller = screen.getByRole('region', { name: region });
  expect(scroller).toContainElement(table);
  expect(scroller).toHaveAttribute('tabindex', '0');
}

/** The table's column headings, in order. */
export const columnHeadings = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((heading) => heading.textContent);
