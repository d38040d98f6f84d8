import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RESALE_POLICY, type ResalePolicy } from '../../contract/resale-policy.ts';
import { signIn } from './auth-mocks.ts';
import { server } from './msw.ts';
import { renderRoute } from './render.tsx';

const HOTEL_ID = '3f0c2b8e-5a1d-4c7e-9b2f-6d8e1a4c0b71';
const hotel = { id: HOTEL_ID, name: 'Hotel Ribeira', status: 'connected' as const };

/** The console's API for one hotel, as the person with `role` there sees it; records what the console sends. */
function mockHotel(role: 'admin' | 'staff', live: ResalePolicy | null = null) {
  const sent: { published: ResalePolicy[]; switches: string[] } = { published: [], switches: [] };
  const version = live && {
    version: 1,
    policy: live,
    publishedAt: '2026-11-20T09:00:00.000Z',
    publishedBy: 'rita@ribeira.example',
  };
  server.use(
    http.get('/api/hotels', () => HttpResponse.json({ success: true, data: { hotels: [{ ...hotel, role }] } })),
    http.get(`/api/hotels/${HOTEL_ID}`, () =>
      HttpResponse.json({
        success: true,
        data: { ...hotel, role, connectedSince: '2026-11-19T09:00:00.000Z', members: 2 },
      }),
    ),
    http.get(`/api/hotels/${HOTEL_ID}/policy`, () =>
      HttpResponse.json({
        success: true,
        data: { hotel, role, live: version, pausedAt: null, draft: live ?? DEFAULT_RESALE_POLICY },
      }),
    ),
    http.get(`/api/hotels/${HOTEL_ID}/policy/catalog`, () =>
      HttpResponse.json({
        success: true,
        data: {
          rates: [
            { id: 'rate-flex', name: 'Flexible', group: 'Public rates' },
            { id: 'rate-nref', name: 'Non-refundable', group: 'Public rates' },
            { id: 'rate-corp', name: 'Corporate', group: 'Negotiated rates' },
          ],
          roomTypes: [
            { id: 'room-dbl', name: 'Double Room' },
            { id: 'room-jst', name: 'Junior Suite' },
          ],
        },
      }),
    ),
    http.put(`/api/hotels/${HOTEL_ID}/policy`, async ({ request }) => {
      const { policy } = (await request.json()) as { policy: ResalePolicy };
      sent.published.push(policy);
      return HttpResponse.json({
        success: true,
        data: {
          live: { version: 2, policy, publishedAt: '2026-11-26T10:00:00.000Z', publishedBy: 'rita@ribeira.example' },
          effects: { paused: 1, resumed: 0, holdsReleased: 0 },
        },
      });
    }),
    http.post(`/api/hotels/${HOTEL_ID}/policy/:action`, async ({ params, request }) => {
      expect(await request.json()).toEqual({ confirm: true });
      sent.switches.push(String(params.action));
      return HttpResponse.json({ success: true, data: { paused: 3, resumed: 0, holdsReleased: 1 } });
    }),
  );
  return sent;
}

describe('the hotel console’s resale policy', () => {
  it('shows an admin the hotel’s own rates and room types and publishes a 7-day, direct-only policy', async () => {
    await signIn();
    const sent = mockHotel('admin');
    const { user } = renderRoute(`/hotel/${HOTEL_ID}/policy`);

    expect(
      await screen.findByText('Nothing published yet: no booking at the hotel can be resold.', { exact: false }),
    ).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Resale policy' });
    await user.click(within(form).getByRole('checkbox', { name: /Allow resale of our bookings on Restay/ }));
    const channels = within(form).getByRole('group', { name: 'Channels whose bookings may be resold' });
    expect(within(channels).getByRole('checkbox', { name: 'Direct bookings' })).toBeChecked();
    expect(
      within(channels).getByRole('checkbox', { name: 'Online travel agencies (channel manager)' }),
    ).not.toBeChecked();

    const rates = within(form).getByRole('group', { name: 'Rates that may be resold' });
    await user.click(within(rates).getByRole('radio', { name: 'Only these:' }));
    expect(within(rates).getByText('Public rates')).toBeInTheDocument();
    expect(within(rates).getByText('Negotiated rates')).toBeInTheDocument();
    await user.click(await within(rates).findByRole('checkbox', { name: 'Flexible' }));
    const rooms = within(form).getByRole('group', { name: 'Room types that may be resold' });
    await user.click(within(rooms).getByRole('radio', { name: 'Only these:' }));
    expect(within(rooms).getByRole('checkbox', { name: 'Junior Suite' })).toBeInTheDocument();
    await user.click(within(rooms).getByRole('checkbox', { name: 'Double Room' }));

    const cutOff = within(form).getByLabelText('Cut-off (hours before check-in)');
    await user.clear(cutOff);
    await user.type(cutOff, '168');
    await user.click(within(form).getByRole('button', { name: 'Publish policy' }));

    expect(await screen.findByText('Version 2 is live. 1 listing paused.')).toBeInTheDocument();
    expect(sent.published).toEqual([
      {
        ...DEFAULT_RESALE_POLICY,
        resaleEnabled: true,
        channels: ['direct'],
        rates: [{ id: 'rate-flex', name: 'Flexible' }],
        roomTypes: [{ id: 'room-dbl', name: 'Double Room' }],
        cutOffHours: 168,
      },
    ]);
  });

  it('pauses all resale only once the admin confirms, and says what it did', async () => {
    await signIn();
    const sent = mockHotel('admin', { ...DEFAULT_RESALE_POLICY, resaleEnabled: true });
    const { user } = renderRoute(`/hotel/${HOTEL_ID}/policy`);

    await user.click(await screen.findByRole('button', { name: 'Pause all resale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause all resale at Hotel Ribeira?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.switches).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Pause all resale' }));
    const again = await screen.findByRole('dialog', { name: 'Pause all resale at Hotel Ribeira?' });
    await user.click(within(again).getByRole('button', { name: 'Yes, pause all resale' }));
    expect(await screen.findByText('All resale is paused. 3 listings hidden.')).toBeInTheDocument();
    expect(sent.switches).toEqual(['pause']);
  });

  it('lets staff read the live policy, without the form or the switch', async () => {
    await signIn();
    mockHotel('staff', { ...DEFAULT_RESALE_POLICY, resaleEnabled: true, cutOffHours: 168 });
    renderRoute(`/hotel/${HOTEL_ID}/policy`);
    expect(await screen.findByText(/Version 1 is live, published by rita@ribeira\.example/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Resale policy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pause all resale' })).not.toBeInTheDocument();
  });

  it('tells someone who does not work for the hotel that it is not theirs, as the API says for any hotel not theirs', async () => {
    await signIn();
    server.use(
      http.get('/api/hotels', () => HttpResponse.json({ success: true, data: { hotels: [] } })),
      http.get(`/api/hotels/${HOTEL_ID}`, () =>
        HttpResponse.json({ success: false, error: 'Hotel not found', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    renderRoute(`/hotel/${HOTEL_ID}/policy`);
    expect(await screen.findByRole('heading', { name: 'Not your hotel' })).toBeInTheDocument();
    expect(
      screen.getByText('You are not a member of this hotel. Ask one of its admins to invite you.'),
    ).toBeInTheDocument();
  });
});

describe('the hotel console’s fee and desk charges', () => {
  it('says a fee out of range beside its field, and publishes the fee and the desk charges in cents', async () => {
    await signIn();
    const sent = mockHotel('admin');
    const { user } = renderRoute(`/hotel/${HOTEL_ID}/policy`);
    const form = await screen.findByRole('form', { name: 'Resale policy' });
    const fee = within(form).getByLabelText("Fee per stay (in your hotel's currency, 0 for none)");
    await user.clear(fee);
    await user.type(fee, '20000');
    await user.click(within(form).getByRole('button', { name: 'Publish policy' }));
    expect(fee).toHaveAccessibleDescription(expect.stringContaining('The name-change fee can be at most 10000.'));
    expect(sent.published).toEqual([]);

    await user.clear(fee);
    await user.type(fee, '25');
    await user.selectOptions(within(form).getByLabelText('City or tourist tax'), 'An amount per person per night');
    await user.type(within(form).getByLabelText('Tax per person per night'), '3.5');
    await user.click(within(form).getByRole('checkbox', { name: 'Breakfast is included in the rate' }));
    await user.click(within(form).getByRole('button', { name: 'Publish policy' }));
    expect(await screen.findByText('Version 2 is live. 1 listing paused.')).toBeInTheDocument();
    expect(sent.published).toEqual([
      expect.objectContaining({
        nameChangeFee: { amountCents: 2_500 },
        deskCharges: {
          cityTax: { kind: 'per_person_night', amountCents: 350 },
          depositCents: 0,
          breakfastIncluded: true,
          cancellationTerms: '',
        },
      }),
    ]);
  });

  it('shows the fees owed to a hotel without a payout account, and lets an admin set one up', async () => {
    await signIn();
    mockHotel('admin');
    server.use(
      http.get(`/api/hotels/${HOTEL_ID}/payouts`, () =>
        HttpResponse.json({
          success: true,
          data: {
            account: {
              status: 'not_set_up',
              label: 'Payouts: not set up',
              hint: 'Set up payouts to receive your fees.',
            },
            billPostingProblem: 'Posting fees to your bills needs the Orders permission',
            owed: [{ currency: 'EUR', amount: 25 }],
            paid: [],
            fees: [
              {
                orderId: '9a1b2c3d-0000-4000-8000-000000000001',
                state: 'waiting_account',
                amount: 25,
                currency: 'EUR',
                releaseAt: '2026-11-26T10:00:00.000Z',
                paidAt: null,
              },
            ],
          },
        }),
      ),
    );
    renderRoute(`/hotel/${HOTEL_ID}/payouts`);
    expect(await screen.findByRole('heading', { name: 'Payouts: not set up' })).toBeInTheDocument();
    expect(screen.getByText('Owed to you').nextSibling).toHaveTextContent('€25');
    expect(screen.getByRole('cell', { name: 'Owed: waiting for your payout account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up payouts' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Posting fees to your bills needs the Orders permission');
  });
});
