import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportMonthFigures } from '../../contract/hotel-report.ts';
import { signIn } from './auth-mocks.ts';
import { server } from './msw.ts';
import { columnHeadings, expectScrollsSideways } from './console-table.ts';
import { renderRoute } from './render.tsx';

const HOTEL_ID = '3f0c2b8e-5a1d-4c7e-9b2f-6d8e1a4c0b71';
const hotel = { id: HOTEL_ID, name: 'Hotel Ribeira', status: 'connected' as const };

const quiet = (month: string): ReportMonthFigures => ({
  month,
  listed: 0,
  approved: 0,
  rejected: 0,
  timedOut: 0,
  medianDecisionMinutes: null,
  sales: 0,
  transfers: 0,
  transfersFailed: 0,
  refunds: 0,
  roomNights: 0,
  money: [],
});

const november: ReportMonthFigures = {
  month: '2026-11',
  listed: 7,
  approved: 3,
  rejected: 1,
  timedOut: 1,
  medianDecisionMinutes: 90,
  sales: 3,
  transfers: 2,
  transfersFailed: 1,
  refunds: 2,
  roomNights: 4,
  money: [
    {
      currency: 'EUR',
      paidCents: 40_500,
      refundedCents: 27_000,
      changedHandsCents: 12_000,
      feesEarnedCents: 1_500,
      feesPaidOutCents: 1_500,
    },
  ],
};

function mockReport() {
  const asked: string[] = [];
  const months = Array.from(
    { length: 12 },
    (_, index) => `${index < 2 ? 2025 : 2026}-${String(((index + 11) % 12) + 1).padStart(2, '0')}`,
  );
  server.use(
    http.get('/api/hotels', () =>
      HttpResponse.json({ success: true, data: { hotels: [{ ...hotel, role: 'staff' }] } }),
    ),
    http.get(`/api/hotels/${HOTEL_ID}`, () =>
      HttpResponse.json({
        success: true,
        data: { ...hotel, role: 'staff', connectedSince: '2026-01-19T09:00:00.000Z', members: 2 },
      }),
    ),
    http.get(`/api/hotels/${HOTEL_ID}/lately`, () =>
      HttpResponse.json({
        success: true,
        data: { resale: { state: 'off', policyVersion: null, pausedAt: null }, recent: [] },
      }),
    ),
    http.get(`/api/hotels/${HOTEL_ID}/report`, ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('month') ?? 'current');
      const series = [...months.slice(0, 11).map(quiet), november];
      return HttpResponse.json({ success: true, data: { month: november, series, timeZone: 'Europe/Lisbon' } });
    }),
    http.get(`/api/hotels/${HOTEL_ID}/report/transfers.csv`, ({ request }) => {
      asked.push(
        `csv ${new URL(request.url).searchParams.get('month')} ${request.headers.get('authorization') ? 'signed' : 'anonymous'}`,
      );
      return new HttpResponse('order_id\r\n', { headers: { 'Content-Type': 'text/csv' } });
    }),
  );
  return asked;
}

/**
 * jsdom draws no canvas (nor paths) and has no media queries: the chart library gets a context that does nothing, so the page
 * runs as in a browser (what it draws is only for the eye; the table holds the numbers).
 */
beforeEach(() => {
  vi.stubGlobal('Path2D', function Path2D() {
    return new Proxy({}, { get: () => () => undefined });
  });
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  const drawing = new Proxy({} as Record<string | symbol, unknown>, {
    get: (values, key) => (key in values ? values[key] : () => ({ width: 0 })),
    set: (values, key, value) => Reflect.set(values, key, value),
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(drawing as never);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the hotel console’s Report', () => {
  it('shows the month’s figures, the year as a table beside the chart, and downloads the CSV with the session', async () => {
    await signIn();
    const asked = mockReport();
    const saved = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderRoute(`/hotel/${HOTEL_ID}`);
    await user.click(await screen.findByRole('link', { name: 'Report' }));
    expect(await screen.findByRole('heading', { name: 'Report for November 2026' })).toBeInTheDocument();
    const figure = (label: string) => screen.getByText(label).nextElementSibling;
    expect(figure('Stays listed')).toHaveTextContent('7');
    expect(figure('Median time to decide')).toHaveTextContent('90 min');
    expect(figure('Room-nights resold')).toHaveTextContent('4');
    expect(screen.getByRole('heading', { name: 'Money in EUR' })).toBeInTheDocument();
    expect(figure('Stays that changed hands')).toHaveTextContent('€120.00');
    expect(figure('Fees paid out')).toHaveTextContent('€15.00');

    const table = screen.getByRole('table', { name: /per month, the last twelve months/ });
    expectScrollsSideways(table, 'The twelve months (scrolls sideways)');
    expect(columnHeadings(table)).toEqual(['Month', 'Sales', 'Transfers', 'Refunds', 'Room-nights', 'Changed hands']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows.at(-1)).toHaveTextContent('November 2026');
    expect(rows.at(-1)).toHaveTextContent('€120.00');

    // The chart's own chunk came and drew into its box, hidden from screen readers.
    await waitFor(() => expect(document.querySelector('.uplot canvas')).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Download the month’s transfers (CSV)' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    expect(asked).toEqual(['current', 'csv 2026-11 signed']);
  });

  it('asks for the month picked, through the address', async () => {
    await signIn();
    const asked = mockReport();
    renderRoute(`/hotel/${HOTEL_ID}/report?month=2026-11`);
    const picker = await screen.findByLabelText('Month');
    expect(picker).toHaveValue('2026-11');
    // jsdom types nothing into a month field: the change a browser's picker makes.
    fireEvent.change(picker, { target: { value: '2026-10' } });
    await waitFor(() => expect(asked).toContain('2026-10'));
    expect(asked[0]).toBe('2026-11');
  });
});
