import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ApprovalsView } from '../../contract/stay-approvals.ts';
import { signIn } from './auth-mocks.ts';
import { server } from './msw.ts';
import { renderRoute } from './render.tsx';

const HOTEL_ID = '3f0c2b8e-5a1d-4c7e-9b2f-6d8e1a4c0b71';
const LISTING_ID = '7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const hotel = { id: HOTEL_ID, name: 'Hotel Ribeira', status: 'connected' as const, role: 'staff' as const };

const waiting: ApprovalsView = {
  pending: [
    {
      listingId: LISTING_ID,
      title: 'Double room by the river',
      askingPrice: 380,
      currency: 'EUR',
      deadlineUtc: '2026-12-03T09:00:00.000Z',
      onTimeout: 'approve',
      reservation: {
        live: true,
        confirmationNumber: 'RIB-4821',
        guest: 'Ana Silva',
        startUtc: '2026-12-20T14:00:00.000Z',
        endUtc: '2026-12-22T10:00:00.000Z',
        roomType: 'Double Room',
        rate: 'Flexible',
        channels: ['Direct bookings'],
        amountPaid: 420,
      },
      policyLines: ['Booked through direct bookings: allowed'],
    },
  ],
  decisions: [],
};

/** The console's API for a staff member of one hotel; records each decision the page sends. */
function mockApprovals() {
  const sent: { path: string; body: unknown }[] = [];
  server.use(
    http.get('/api/hotels', () => HttpResponse.json({ success: true, data: { hotels: [hotel] } })),
    http.get(`/api/hotels/${HOTEL_ID}`, () =>
      HttpResponse.json({
        success: true,
        data: { ...hotel, connectedSince: '2026-11-19T09:00:00.000Z', members: 2 },
      }),
    ),
    http.get(`/api/hotels/${HOTEL_ID}/stay-approvals`, () =>
      HttpResponse.json({ success: true, data: sent.length ? { pending: [], decisions: [] } : waiting }),
    ),
    http.post(`/api/hotels/${HOTEL_ID}/stay-approvals/:listingId/:decision`, async ({ params, request }) => {
      sent.push({ path: `${String(params.listingId)}/${String(params.decision)}`, body: await request.json() });
      return HttpResponse.json({ success: true, data: { listingId: LISTING_ID, status: 'rejected_by_hotel' } });
    }),
  );
  return sent;
}

describe('the hotel console’s approvals', () => {
  it('shows a waiting stay as the hotel’s system holds it, and rejects it only with a reason', async () => {
    await signIn();
    const sent = mockApprovals();
    const { user } = renderRoute(`/hotel/${HOTEL_ID}/approvals`);

    expect(await screen.findByText('Double room by the river · reservation RIB-4821')).toBeInTheDocument();
    expect(screen.getByText('Ana Silva')).toBeInTheDocument();
    expect(screen.getByText('Flexible')).toBeInTheDocument();
    expect(screen.getByText('€420')).toBeInTheDocument();
    expect(screen.getByText('€380')).toBeInTheDocument();
    expect(screen.getByText('Booked through direct bookings: allowed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reject Double room by the river' }));
    const form = screen.getByRole('form', { name: 'Reject this stay' });
    await user.click(within(form).getByRole('button', { name: 'Reject the stay' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Choose why you reject this stay.');
    expect(sent).toEqual([]);

    await user.click(within(form).getByRole('radio', { name: 'The hotel keeps this room type' }));
    await user.type(within(form).getByLabelText('A word for the seller (optional)'), 'Kept for a wedding');
    await user.click(within(form).getByRole('button', { name: 'Reject the stay' }));
    expect(await screen.findByText('No stay is waiting for your approval.')).toBeInTheDocument();
    expect(sent).toEqual([
      { path: `${LISTING_ID}/reject`, body: { reason: 'room_type_kept', note: 'Kept for a wedding' } },
    ]);
  });

  it('approves a stay with one press', async () => {
    await signIn();
    const sent = mockApprovals();
    const { user } = renderRoute(`/hotel/${HOTEL_ID}/approvals`);
    await user.click(await screen.findByRole('button', { name: 'Approve Double room by the river' }));
    expect(await screen.findByText('No stay is waiting for your approval.')).toBeInTheDocument();
    expect(sent).toEqual([{ path: `${LISTING_ID}/approve`, body: {} }]);
  });
});
