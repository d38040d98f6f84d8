import { expect, test } from '@playwright/test';

// While Playwright records a trace, Chromium fetched the import() from the network again instead of taking the
// prefetched copy (seen on Chromium 156); a visitor's browser records nothing, so neither does this file.
test.use({ trace: 'off' });

test("the date picker's code is fetched ahead without running, and the first press runs it from the cache", async ({
  page,
}) => {
  await page.goto('/');
  /** The picker chunk's fetches so far, by who asked: the page's prefetch link, or the script's import(). */
  const pickerFetches = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/StayDatePickers-[\w-]+\.js$/.test(entry.name))
        .map((entry) => ({
          by: (entry as PerformanceResourceTiming).initiatorType,
          transferSize: (entry as PerformanceResourceTiming).transferSize,
        })),
    );
  await expect.poll(async () => (await pickerFetches()).map(({ by }) => by)).toEqual(['link']);
  // Fetched, not run: the fields are still the ones the server drew.
  const search = page.getByRole('search', { name: 'Search hotel stays' });
  await expect(search.getByLabel('Check-in')).toHaveAttribute('data-picker-loading', '');
  await search.getByLabel('Check-in').click();
  await expect(page.locator('.react-datepicker__month')).toBeVisible();
  // The import() was answered from the browser's cache: nothing crossed the network for it.
  expect((await pickerFetches()).find(({ by }) => by === 'script')).toEqual({ by: 'script', transferSize: 0 });
});
