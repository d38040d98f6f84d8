import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from './auth-mocks.ts';
import { handoverOf, makePurchasedStay, mockPurchasedStays, refundInfo } from './buying-mocks.ts';
import { renderRoute } from './render.tsx';

afterEach(() => vi.useRealTimers());

const moment = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

const PAID = { state: 'paid', at: '2026-02-01T10:00:00.000Z' } as const;
const TRANSFERRING = { state: 'transferring', at: '2026-02-01T10:00:05.000Z' } as const;
const TRANSFERRED = { state: 'transferred', at: '2026-02-01T10:02:00.000Z' } as const;

const transferredStay = () =>
  makePurchasedStay(
    { id: 'listing-1', hotel_name: 'Hotel Miradouro' },
    {
      state: 'transferred',
      timeline: [{ state: 'open', at: '2026-02-01T09:58:00.000Z' }, PAID, TRANSFERRING, TRANSFERRED],
      handover: handoverOf({ checkIn: '2026-03-03', checkOut: '2026-03-07' }),
    },
  );

const refundingStay = () =>
  makePurchasedStay(
    { id: 'listing-2', hotel_name: 'Casa do Rio' },
    {
      state: 'refund_pending',
      timeline: [
        PAID,
        TRANSFERRING,
        { state: 'transfer_failed', at: '2026-02-01T10:03:00.000Z' },
        { state: 'refund_pending', at: '2026-02-01T10:03:01.000Z' },
      ],
      refund: refundInfo('transfer_refused'),
    },
  );

/** A stay's status badge in the table: the last cell of the stay's row. */
const statusIn = (table: HTMLElement, hotel: string) =>
  (within(table).getByRole('link', { name: hotel }).closest('tr') as HTMLElement).lastElementChild?.textContent;

/** The progress list of a stay, as "step time" lines. */
const steps = (container: HTMLElement, hotel: string) =>
  within(within(container).getByRole('list', { name: `Progress of ${hotel}` }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

// Whole routes on a busy machine: the first test also loads the pages' code.
describe('/my-stays follows each stay after the payment', { timeout: 20_000 }, () => {
  it('shows a transferred stay: its timeline with times, and the reservation as the hotel now holds it', async () => {
    await signIn();
    mockPurchasedStays({ body: { success: true, data: [transferredStay()] } });
    renderRoute('/my-stays');

    const table = await screen.findByRole('table', { name: 'Your purchased stays' }, { timeout: 5_000 });
    expect(statusIn(table, 'Hotel Miradouro')).toBe('In your name');
    expect(steps(table, 'Hotel Miradouro')).toEqual([
      `Paid${moment(PAID.at)}`,
      `Transferring to your name${moment(TRANSFERRING.at)}`,
      `In your name${moment(TRANSFERRED.at)}`,
    ]);
    const hotel = within(within(table).getByRole('region', { name: 'Hotel reservation for Hotel Miradouro' }));
    expect(hotel.getByText('Confirmation number').nextSibling).toHaveTextContent('MIR-77120');
    expect(hotel.getByText('Guest').nextSibling).toHaveTextContent('Ana Silva');
    expect(hotel.getByText('Address').nextSibling).toHaveTextContent('Rua das Flores 12, Lisbon, Portugal');
    expect(hotel.getByText('Check-in').nextSibling).toHaveTextContent('Mar 3, 2026');
    expect(hotel.getByText('Check-out').nextSibling).toHaveTextContent('Mar 7, 2026');
  });

  it('shows a refund on its way with why, and no hotel details', async () => {
    await signIn();
    mockPurchasedStays({ body: { success: true, data: [refundingStay()] } });
    renderRoute('/my-stays');

    const table = await screen.findByRole('table', { name: 'Your purchased stays' }, { timeout: 5_000 });
    expect(statusIn(table, 'Casa do Rio')).toBe('Refund on its way');
    expect(steps(table, 'Casa do Rio')).toEqual([
      `Paid${moment(PAID.at)}`,
      `Transferring to your name${moment(TRANSFERRING.at)}`,
      `The hotel could not transfer it${moment('2026-02-01T10:03:00.000Z')}`,
      `Refund on its way${moment('2026-02-01T10:03:01.000Z')}`,
    ]);
    expect(
      within(table).getByText(
        `Your payment is being refunded in full; your bank may take a few days to show it. Why: ${refundInfo('transfer_refused').message}`,
      ),
    ).toBeInTheDocument();
    expect(within(table).queryByRole('region', { name: /Hotel reservation/ })).not.toBeInTheDocument();
  });

  it('says when the refund was confirmed', async () => {
    await signIn();
    const refunded = makePurchasedStay(
      { hotel_name: 'Casa do Rio' },
      { state: 'refunded', refund: refundInfo('cancelled_by_hotel', '2026-02-02T08:30:00.000Z') },
    );
    mockPurchasedStays({ body: { success: true, data: [refunded] } });
    renderRoute('/my-stays');
    const table = await screen.findByRole('table', { name: 'Your purchased stays' }, { timeout: 5_000 });
    expect(
      within(table).getByText(
        `Your payment was refunded in full on ${moment('2026-02-02T08:30:00.000Z')}. Why: ${refundInfo('cancelled_by_hotel').message}`,
      ),
    ).toBeInTheDocument();
  });

  it('gives a phone the same timeline and hotel details on each card', async () => {
    await signIn();
    mockPurchasedStays({ body: { success: true, data: [transferredStay(), refundingStay()] } });
    renderRoute('/my-stays');

    // One card per stay: the list's own items (each card holds its timeline, a list of its own).
    const list = await screen.findByRole('list', { name: 'Your purchased stays' }, { timeout: 5_000 });
    const [transferred, refunding] = Array.from(list.children) as HTMLElement[];
    expect(steps(transferred!, 'Hotel Miradouro')).toHaveLength(3);
    expect(
      within(transferred!).getByRole('region', { name: 'Hotel reservation for Hotel Miradouro' }),
    ).toHaveTextContent('MIR-77120');
    expect(steps(refunding!, 'Casa do Rio')).toHaveLength(4);
    expect(refunding).toHaveTextContent('Refund on its way');
  });

  it('keeps reading while a stay is being handed over, until it is in the buyer’s name', async () => {
    await signIn();
    const transferring = makePurchasedStay(
      { id: 'listing-1', hotel_name: 'Hotel Miradouro' },
      { state: 'transferring', timeline: [PAID, TRANSFERRING] },
    );
    const calls = mockPurchasedStays(
      { body: { success: true, data: [transferring] } },
      { body: { success: true, data: [transferredStay()] } },
    );
    // Faked from the start (time still flows), so the page's re-read is scheduled on the clock the test moves.
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
      shouldAdvanceTime: true,
    });
    renderRoute('/my-stays');
    const table = await screen.findByRole('table', { name: 'Your purchased stays' }, { timeout: 5_000 });
    expect(statusIn(table, 'Hotel Miradouro')).toBe('Transferring');

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(statusIn(table, 'Hotel Miradouro')).toBe('In your name'));
    expect(calls).toHaveLength(2);

    // Settled: no more reads.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(calls).toHaveLength(2);
  });

  it('while the hotel’s system is not answering, says so and until when we keep trying', async () => {
    await signIn();
    const retrying = makePurchasedStay(
      { id: 'listing-1', hotel_name: 'Hotel Miradouro' },
      {
        state: 'transferring',
        timeline: [PAID, TRANSFERRING],
        transferRetry: {
          failedAt: '2026-02-01T10:00:06.000Z',
          nextAttemptAt: '2026-02-01T10:00:16.000Z',
          triesUntil: '2026-02-01T10:05:16.000Z',
        },
      },
    );
    mockPurchasedStays({ body: { success: true, data: [retrying] } });
    renderRoute('/my-stays');
    const table = await screen.findByRole('table', { name: 'Your purchased stays' }, { timeout: 5_000 });
    expect(
      within(table).getByText(
        `The hotel's system is not answering. We keep trying until ${moment('2026-02-01T10:05:16.000Z')}; ` +
          'if it still does not answer by then, we confirm with the hotel before anything else: you get the stay ' +
          'or your payment back in full.',
      ),
    ).toBeInTheDocument();
  });

  it('while the transfer’s outcome is unknown, says we are confirming with the hotel', async () => {
    await signIn();
    const confirming = makePurchasedStay(
      { id: 'listing-1', hotel_name: 'Hotel Miradouro' },
      {
        state: 'transfer_unknown',
        timeline: [PAID, TRANSFERRING, { state: 'transfer_unknown', at: '2026-02-01T10:05:16.000Z' }],
      },
    );
    mockPurchasedStays({ body: { success: true, data: [confirming] } });
    renderRoute('/my-stays');
    const table = await screen.findByRole('table', { name: 'Your purchased stays' }, { timeout: 5_000 });
    expect(statusIn(table, 'Hotel Miradouro')).toBe('Confirming with the hotel');
    expect(steps(table, 'Hotel Miradouro')).toContain(
      `We are confirming with the hotel${moment('2026-02-01T10:05:16.000Z')}`,
    );
  });
});
