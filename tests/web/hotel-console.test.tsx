import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RESALE_POLICY, type ResalePolicy } from '../../contract/resale-policy.ts';
import { signIn } from './auth-mocks.ts';
import { server } from './msw.ts';
import { columnHeadings, expectScrollsSideways } from './console-table.ts';
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
    http.get(`/api/hotels/${HOTEL_ID}/lately`, () =>
      HttpResponse.json({
        success: true,
        data: { resale: { state: live ? 'on' : 'off', policyVersion: live && 1, pausedAt: null }, recent: [] },
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

describe('the hotel console’s Overview', () => {
  it('says at a glance that resale is paused, and what happened lately to the hotel’s stays', async () => {
    await signIn();
    mockHotel('staff');
    server.use(
      http.get(`/api/hotels/${HOTEL_ID}/lately`, () =>
        HttpResponse.json({
          success: true,
          data: {
            resale: { state: 'paused', policyVersion: 3, pausedAt: '2026-11-28T09:00:00.000Z' },
            recent: [
              {
                kind: 'in_new_name',
                at: '2026-11-27T10:00:00.000Z',
                roomType: 'Junior Suite',
                checkIn: '2027-01-12',
                checkOut: '2027-01-14',
              },
              {
                kind: 'listed',
                at: '2026-11-26T10:00:00.000Z',
                roomType: null,
                checkIn: '2027-02-01',
                checkOut: '2027-02-03',
              },
            ],
          },
        }),
      ),
    );
    renderRoute(`/hotel/${HOTEL_ID}`);
    expect(await screen.findByRole('heading', { name: 'Resale is paused' })).toBeInTheDocument();
    expect(screen.getByText(/no stay of the hotel is on sale, and none can be bought/)).toBeInTheDocument();
    const lately = screen.getByRole('region', { name: 'Lately' });
    const items = within(lately).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Junior Suite, Jan 12, 2027 to Jan 14, 2027: now in a new guest’s name');
    expect(items[1]).toHaveTextContent('A stay, Feb 1, 2027 to Feb 3, 2027: put on sale');
  });
});

describe('the hotel console’s Demand', () => {
  it('shows, per week, how many saved searches a stay at the hotel would match', async () => {
    await signIn();
    mockHotel('staff');
    const weeks = Array.from({ length: 12 }, (_, index) => ({
      weekStart: new Date(Date.UTC(2026, 11, 1 + 7 * index)).toISOString().slice(0, 10),
      searches: index === 0 ? 1 : 4,
    }));
    server.use(
      http.get(`/api/hotels/${HOTEL_ID}/demand`, () =>
        HttpResponse.json({ success: true, data: { located: true, weeks } }),
      ),
    );
    const { user } = renderRoute(`/hotel/${HOTEL_ID}`);
    await user.click(await screen.findByRole('link', { name: 'Demand' }));
    const table = await screen.findByRole('table', { name: 'Saved searches a stay would match, per week' });
    expect(columnHeadings(table)).toEqual(['Week of', 'Saved searches']);
    // Two columns fit a phone: nothing to scroll, so no region to stop at.
    expect(screen.queryByRole('region', { name: /scrolls sideways/ })).toBeNull();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(rows[1]).toHaveTextContent('Dec 1, 2026');
    expect(rows[1]).toHaveTextContent('1 saved search');
    expect(rows[2]).toHaveTextContent('4 saved searches');
  });
});

describe('the hotel console’s Stays', () => {
  it('lists the hotel’s stays and filters them by state and month through the address', async () => {
    await signIn();
    mockHotel('staff');
    const asked: string[] = [];
    const stay = (state: string, checkIn: string) => ({
      listingId: crypto.randomUUID(),
      state,
      roomType: 'Junior Suite',
      checkIn,
      checkOut: '2027-01-14',
      askingCents: 24_000,
      currency: 'EUR',
      feeCents: state === 'in_buyers_name' ? 2_500 : null,
      listedAt: '2026-11-20T09:00:00.000Z',
    });
    server.use(
      http.get(`/api/hotels/${HOTEL_ID}/stays`, ({ request }) => {
        const query = new URL(request.url).search;
        asked.push(query);
        const stays = query.includes('state=in_buyers_name')
          ? [stay('in_buyers_name', '2027-01-12')]
          : [stay('live', '2027-01-12'), stay('in_buyers_name', '2027-01-10')];
        return HttpResponse.json({ success: true, data: { stays, truncated: false } });
      }),
    );
    const { user, router } = renderRoute(`/hotel/${HOTEL_ID}/stays`);
    const table = await screen.findByRole('table', { name: 'The hotel’s stays on Restay' });
    expectScrollsSideways(table, 'The stays (scrolls sideways)');
    expect(columnHeadings(table)).toEqual(['Dates', 'Room type', 'State', 'Asking price', 'Your fee', 'Listed']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'Jan 12, 2027 – Jan 14, 2027Junior SuiteOn sale€240.00—',
    );
    await user.selectOptions(screen.getByLabelText('State'), 'In the buyer’s name');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(router.state.location.search).toBe('?state=in_buyers_name');
    expect(asked.at(-1)).toBe('?state=in_buyers_name');
  });
});

describe('a hotel’s invitation link', () => {
  const TOKEN = 'k'.repeat(43);

  it('says, signed out, which hotel it is for before asking to sign in, and uses nothing up', async () => {
    const claims: unknown[] = [];
    server.use(
      http.post('/api/hotels/claim/preview', async ({ request }) => {
        expect(await request.json()).toEqual({ token: TOKEN });
        return HttpResponse.json({
          success: true,
          data: { hotel: { name: 'Hotel Ribeira' }, role: 'admin', email: 'rita@ribeira.example' },
        });
      }),
      http.post('/api/hotels/claim', async ({ request }) => {
        claims.push(await request.json());
        return HttpResponse.json(
          { success: false, error: 'Sign in to continue', code: 'UNAUTHENTICATED' },
          { status: 401 },
        );
      }),
    );
    const { user } = renderRoute(`/hotel/claim?token=${TOKEN}`);

    expect(await screen.findByRole('heading', { name: 'Join Hotel Ribeira on Restay' })).toBeInTheDocument();
    expect(screen.getByText(/lets you administer Hotel Ribeira/)).toHaveTextContent(
      'It was sent to rita@ribeira.example: sign in with that address to accept it.',
    );
    await user.click(screen.getByRole('button', { name: 'Sign in to continue' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(claims).toEqual([]);
  });

  it('says so when the link was already used', async () => {
    server.use(
      http.post('/api/hotels/claim/preview', () =>
        HttpResponse.json(
          { success: false, error: 'This link was already used.', code: 'CONFLICT', details: { reason: 'link_used' } },
          { status: 409 },
        ),
      ),
    );
    renderRoute(`/hotel/claim?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText('This link was already used.')).toBeInTheDocument();
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

describe('the policy form’s own words', () => {
  it('says what Allow resale means as it is ticked, and a value out of range beside its field', async () => {
    await signIn();
    const sent = mockHotel('admin');
    const { user } = renderRoute(`/hotel/${HOTEL_ID}/policy`);
    const form = await screen.findByRole('form', { name: 'Resale policy' });
    const allow = within(form).getByRole('checkbox', { name: /Allow resale of our bookings on Restay/ });
    expect(allow).toHaveAccessibleDescription('Off: no booking at the hotel can be listed or bought.');
    await user.click(allow);
    expect(allow).toHaveAccessibleDescription('On: guests may list and sell the bookings the rules below allow.');

    const cutOff = within(form).getByLabelText('Cut-off (hours before check-in)');
    await user.clear(cutOff);
    await user.type(cutOff, '9000');
    const cap = within(form).getByLabelText('Price cap (% of the price paid)');
    await user.clear(cap);
    await user.click(within(form).getByRole('button', { name: 'Publish policy' }));
    expect(cutOff).toHaveAccessibleDescription(
      expect.stringContaining('The cut-off can be at most 8760 hours (a year).'),
    );
    expect(cutOff).toHaveAttribute('aria-invalid', 'true');
    expect(cap).toHaveAccessibleDescription(
      expect.stringContaining('Give the price cap as a percentage of the price paid.'),
    );
    expect(sent.published).toEqual([]);
  });
});
