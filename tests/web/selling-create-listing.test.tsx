import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FoundReservation } from '../../contract/selling.ts';
import { signIn, TEST_USER } from './auth-mocks.ts';
import { makeListing } from './factories.ts';
import { configReply, server, TEST_RATES } from './msw.ts';
import { renderRoute } from './render.tsx';
import { makeFoundReservation, mockSellingApi, STAY } from './selling-mocks.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Signs in, passes both verification steps, and waits for the listing form. */
async function openListingForm(options: Parameters<typeof mockSellingApi>[0] = {}) {
  await signIn();
  const requests = mockSellingApi(options);
  const rendered = renderRoute('/list-my-reservation');
  const { user } = rendered;
  await user.type(
    await screen.findByLabelText('Reservation ID / Confirmation Number', {}, { timeout: 5000 }),
    STAY.confirmationNumber,
  );
  await user.type(screen.getByLabelText('Email Address on Reservation'), STAY.email);
  await user.click(screen.getByRole('button', { name: 'Verify Reservation' }));
  await user.type(await screen.findByLabelText('6-digit Verification Code'), STAY.code);
  await user.click(screen.getByRole('button', { name: 'Submit Verification Code' }));
  await screen.findByRole('heading', { name: 'Create your listing' });
  const form = screen.getByRole('form', { name: 'Create your listing' });
  const preview = screen.getByRole('complementary', { name: 'Preview' });
  return {
    ...rendered,
    requests,
    form,
    preview,
    field: (label: RegExp | string) => within(form).getByLabelText(label),
  };
}

const submit = () => screen.getByRole('button', { name: 'Create Listing' });

describe('the listing form', () => {
  it('shows what the seller receives after the platform’s fee, as the price changes', async () => {
    server.use(http.get('/api/config', () => configReply({ platformFeePercent: 10 })));
    const { form, field, user } = await openListingForm();
    expect(await within(form).findByText('You receive €405 after the 10% service fee')).toBeInTheDocument();
    await user.clear(field('Price (EUR)'));
    await user.type(field('Price (EUR)'), '99.95');
    expect(within(form).getByText('You receive €89.95 after the 10% service fee')).toBeInTheDocument();
  });

  it('says what happens if the buyer cancels, true to when this platform pays sellers', async () => {
    server.use(http.get('/api/config', () => configReply({ platformFeePercent: 10, payoutRelease: 'check_in' })));
    const { form } = await openListingForm();
    expect(
      await within(form).findByText(
        'If the buyer cancels the stay themselves, you are still paid at check-in; only a cancellation by the hotel refunds the buyer instead.',
      ),
    ).toBeInTheDocument();
  });

  it('is step 3 of 3, after finding the reservation and entering the code', async () => {
    const { form } = await openListingForm();
    expect(within(form).getByText('Step 3 of 3')).toBeInTheDocument();
  });

  it("suggests the room type as the title, without the room's number", async () => {
    const found = makeFoundReservation();
    found.reservationDetails.ResourceName = 'Deluxe King Room 412';
    const { form, field } = await openListingForm({ found });
    expect(field('Title')).toHaveValue('Deluxe King Room');
    // The seller still sees their own reservation's room among its facts.
    expect(within(form).getByText('Deluxe King Room 412')).toBeInTheDocument();
  });

  it("says while the seller types that a price is over the cap, in the server's words, and what they would receive", async () => {
    server.use(http.get('/api/config', () => configReply({ platformFeePercent: 10 })));
    const { form, field, user, requests } = await openListingForm();
    const price = field('Price (EUR)');
    const capMessage = 'The asking price can be at most €450, the price paid at the hotel.';
    await user.clear(price);
    await user.type(price, '450.5');
    expect(within(form).getByText(capMessage)).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(expect.stringContaining(capMessage));
    expect(within(form).getByText('You receive €405.45 after the 10% service fee')).toBeInTheDocument();
    // No submit was needed, and nothing was sent.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requests.create).toEqual([]);

    await user.clear(price);
    await user.type(price, '420');
    expect(within(form).queryByText(capMessage)).not.toBeInTheDocument();
    expect(price).not.toHaveAttribute('aria-invalid');
    expect(within(form).getByText('You receive €378 after the 10% service fee')).toBeInTheDocument();
  });

  it("says the hotel's own cap while typing when the hotel's is the lower", async () => {
    const hotelCap = 'Hotel Miradouro allows an asking price of at most 80% of the price paid, €360.';
    const found = makeFoundReservation({
      pricing: { amountPaid: 450, currency: 'EUR', maxPrice: 360, overCapMessage: hotelCap },
    });
    const { form, field, user } = await openListingForm({ found });
    // The suggested price is what was paid: already above the hotel's cap, said before any typing.
    expect(within(form).getByText(hotelCap)).toBeInTheDocument();
    await user.clear(field('Price (EUR)'));
    await user.type(field('Price (EUR)'), '360');
    expect(within(form).queryByText(hotelCap)).not.toBeInTheDocument();
    await user.type(field('Price (EUR)'), '.01');
    expect(within(form).getByText(hotelCap)).toBeInTheDocument();
  });

  it('says a payout in euros for a stay priced in koruna is an estimate, with the rate’s source and date', async () => {
    server.use(http.get('/api/config', () => configReply({ platformFeePercent: 10, payoutCurrency: 'EUR' })));
    const found = makeFoundReservation({
      pricing: { amountPaid: 6000, currency: 'CZK', maxPrice: 6000, overCapMessage: 'over' },
    });
    const { form, field, user } = await openListingForm({ found });
    await user.clear(field('Price (CZK)'));
    await user.type(field('Price (CZK)'), '5200');
    expect(await within(form).findByText(/You receive CZK.4,680 after the 10% service fee/)).toBeInTheDocument();
    const euros = Math.round(4680 / TEST_RATES.unitsPerEuro.CZK!);
    expect(
      await within(form).findByText(
        `Paid out in euros at the payment provider's rate on the day: about €${euros} today (European Central Bank rate of Nov 25, 2026).`,
      ),
    ).toBeInTheDocument();
  });

  it('says while the seller types that prices in forints are whole, and takes whole forints only', async () => {
    const found = makeFoundReservation({
      pricing: { amountPaid: 90_000, currency: 'HUF', maxPrice: 90_000, overCapMessage: 'over' },
    });
    const { form, field, user, requests } = await openListingForm({ found });
    const price = field('Price (HUF)');
    expect(price).toHaveAttribute('step', '1');
    await user.clear(price);
    await user.type(price, '45678.5');
    const whole = 'Prices in HUF are whole amounts: use no decimals.';
    expect(within(form).getByText(whole)).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    await user.click(submit());
    // The form checks its fields before it says what is wrong: wait for the summary, not the next tick.
    expect(await screen.findByRole('alert')).toHaveTextContent(whole);
    expect(requests.create).toEqual([]);
    await user.clear(price);
    await user.type(price, '45678');
    expect(within(form).queryByText(whole)).not.toBeInTheDocument();
  });

  it('is pre-filled from the reservation, shows the stay read-only and the price paid beside the price', async () => {
    const { form, field } = await openListingForm();
    expect(field('Title')).toHaveValue('Deluxe Double Room');
    expect(
      within(form).getByText(
        'Describe the accommodation type, not the location - for example "Deluxe double room with balcony".',
      ),
    ).toBeInTheDocument();
    expect(field('Price (EUR)')).toHaveValue(450);
    expect(within(form).getByText('You paid €450 at the hotel')).toBeInTheDocument();
    expect(within(form).getByText('The most you can ask is €450')).toBeInTheDocument();
    expect(await within(form).findByText('You receive €450')).toBeInTheDocument();
    expect(field(/Description/)).toHaveValue('');
    expect(within(form).getByText('0/2000')).toBeInTheDocument();
    // The hotel and its place are the hotel system's facts, not fields.
    expect(within(form).getByText('Hotel Miradouro')).toBeInTheDocument();
    for (const name of [/Hotel name/, 'City', 'Country'])
      expect(within(form).queryByLabelText(name)).not.toBeInTheDocument();
    expect(field(/Location \/ region/)).toHaveValue('');
    expect(within(form).getByText('Sep 14, 2026')).toBeInTheDocument();
    expect(within(form).getByText('Sep 18, 2026')).toBeInTheDocument();
    expect(within(form).getByText('4 nights')).toBeInTheDocument();
    // The stay dates are facts, not fields.
    expect(within(form).queryByRole('textbox', { name: /Check-in/ })).not.toBeInTheDocument();
    const photos = within(form).getAllByRole('radio');
    expect(photos).toHaveLength(3);
    expect(within(form).getByRole('radio', { name: 'Photo 1 of 3' })).toBeChecked();
  });

  it('refuses a missing title and a price above what was paid, without calling the API', async () => {
    const { user, field, requests } = await openListingForm();
    await user.clear(field('Title'));
    await user.clear(field('Price (EUR)'));
    await user.type(field('Price (EUR)'), '450.01');
    await user.click(submit());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveClass('bg-red-50');
    expect(alert).toHaveTextContent('Please enter a title.');
    expect(alert).toHaveTextContent('The asking price can be at most €450, the price paid at the hotel.');
    expect(field('Title')).toHaveFocus();
    expect(field('Title')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(field('Price (EUR)'));
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a price.');
    await user.type(field('Price (EUR)'), '99.999');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('Use at most 2 decimals.');
    await user.clear(field('Price (EUR)'));
    await user.type(field('Price (EUR)'), '0');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent('The price must be more than 0.');
    expect(requests.create).toEqual([]);
  });

  it('allows any valid price and says nothing about what was paid when the hotel system does not know', async () => {
    const found = makeFoundReservation({
      pricing: { amountPaid: null, currency: 'EUR', maxPrice: null, overCapMessage: null },
    });
    const { user, form, field, requests } = await openListingForm({ found });
    expect(within(form).queryByText(/You paid/)).not.toBeInTheDocument();
    expect(within(form).queryByText(/The most you can ask/)).not.toBeInTheDocument();
    await user.type(field('Price (EUR)'), '9000');
    await user.click(submit());
    await screen.findByText("Here's your listing!");
    expect(requests.create[0]?.listingPrice).toBe(9000);
  });

  it('updates the preview card, the same card buyers see, as the seller types', async () => {
    const { user, field, form, preview } = await openListingForm();
    expect(within(preview).getByRole('heading', { name: 'Deluxe Double Room' })).toBeInTheDocument();
    expect(within(preview).getByText('Lisbon, Portugal')).toBeInTheDocument();
    expect(within(preview).getByText('€450')).toBeInTheDocument();
    // Asking what was paid: no former price to strike through.
    expect(within(preview).queryByText(/Paid at the hotel/)).not.toBeInTheDocument();
    expect(within(preview).getByText('Sep 14, 2026')).toBeInTheDocument();
    expect(within(preview).getByRole('img', { name: 'Deluxe Double Room' })).toHaveAttribute(
      'src',
      '/images/rooms/lisbon-1.jpg',
    );

    await user.clear(field('Title'));
    expect(within(preview).getByRole('heading', { name: 'Your listing title' })).toBeInTheDocument();
    await user.type(field('Title'), 'Junior suite with river view');
    expect(within(preview).getByRole('heading', { name: 'Junior suite with river view' })).toBeInTheDocument();
    await user.clear(field('Price (EUR)'));
    await user.type(field('Price (EUR)'), '380.5');
    expect(within(preview).getByText('€380.50')).toBeInTheDocument();
    expect(within(preview).getByText('€450').tagName).toBe('S');
    expect(within(preview).getByText('Save €69.50')).toBeInTheDocument();
    expect(within(form).getByText('You receive €380.50')).toBeInTheDocument();
    await user.click(within(form).getByRole('radio', { name: 'Photo 2 of 3' }));
    expect(within(preview).getByRole('img', { name: 'Junior suite with river view' })).toHaveAttribute(
      'src',
      '/images/rooms/lisbon-2.jpg',
    );
    await user.type(field(/Description/), 'Quiet room');
    expect(within(form).getByText('10/2000')).toBeInTheDocument();

    // The preview's link leads nowhere yet: clicking it keeps the seller on the form.
    await user.click(within(preview).getByRole('link', { name: 'Junior suite with river view' }));
    expect(screen.getByRole('heading', { name: 'Create your listing' })).toBeInTheDocument();
  });

  it('offers the suggested photos as a group of named radio buttons, chosen with the arrow keys', async () => {
    const suggested = [
      '/images/listings/neon-city-view.svg',
      '/images/listings/ryokan-room.svg',
      '/images/listings/twin-room.svg',
      '/images/listings/loft-studio.svg',
    ];
    const { user, form, requests } = await openListingForm({
      found: makeFoundReservation({ imageOptions: suggested }),
    });
    const group = within(form).getByRole('group', { name: 'Photo' });
    const photos = within(group).getAllByRole('radio');
    expect(photos.map((radio) => radio.getAttribute('value'))).toEqual(suggested);
    // Each named by what it shows, with its kind written beside it.
    const city = within(group).getByRole('radio', {
      name: 'Window over neon-lit streets and a lattice tower at night',
    });
    expect(city).toBeChecked();
    expect(within(group).getAllByText('View')).toHaveLength(1);
    expect(within(group).getAllByText('Room')).toHaveLength(3);

    await user.click(city);
    await user.keyboard('{ArrowRight}');
    const tatami = within(group).getByRole('radio', { name: 'Tatami room with shoji screens onto a maple garden' });
    expect(tatami).toBeChecked();
    expect(tatami).toHaveFocus();
    await user.click(submit());
    await screen.findByText("Here's your listing!");
    expect(requests.create[0]?.imageUrl).toBe('/images/listings/ryokan-room.svg');
  });

  it("creates the listing with the reservation's PMS id and opens it with the 5-second banner", async () => {
    const created = makeListing({
      id: 'a3c1f0de-5b6a-4c7d-8e9f-0a1b2c3d4e5f',
      title: 'Junior suite',
      user_id: TEST_USER.id,
    });
    server.use(http.get(`/api/listings/${created.id}`, () => HttpResponse.json({ success: true, data: created })));
    const { user, field, requests, router } = await openListingForm();
    await user.clear(field('Title'));
    await user.type(field('Title'), '  Junior suite ');
    await user.clear(field('Price (EUR)'));
    await user.type(field('Price (EUR)'), '399.90');
    await user.type(field(/Description/), 'Breakfast included.');
    await user.type(field(/Location \/ region/), 'Alfama');
    await user.click(screen.getByRole('radio', { name: 'Photo 3 of 3' }));
    await user.click(submit());

    expect(await screen.findByText("Here's your listing!")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/listings/${created.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Junior suite' })).toBeInTheDocument();
    expect(requests.create).toEqual([
      {
        mewsReservationId: STAY.pmsId,
        userId: TEST_USER.id,
        listingPrice: 399.9,
        title: 'Junior suite',
        description: 'Breakfast included.',
        location: 'Alfama',
        imageUrl: '/images/rooms/lisbon-3.jpg',
      },
    ]);
  });

  it('shows a check-marked success message when no id comes back, and starts over after 3 s', async () => {
    const { user } = await openListingForm({ createdId: null });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(submit());
    expect(await screen.findByText('✓ Your listing has been created!')).toHaveFocus();
    // Time also flows on its own here, so the check before the end leaves a wide margin for a slow machine.
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByText('✓ Your listing has been created!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByText('✓ Your listing has been created!')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Reservation ID / Confirmation Number')).toHaveValue('');
  });

  it('shows "Failed to create listing" with the server message, prefixed with a cross mark, in the red box', async () => {
    const { user } = await openListingForm();
    server.use(
      http.post('/api/listings', () =>
        HttpResponse.json(
          { success: false, error: 'This reservation is already listed.', code: 'CONFLICT' },
          { status: 409 },
        ),
      ),
    );
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('✗ Failed to create listing: This reservation is already listed.');
    expect(submit()).toBeEnabled();
  });
});

describe('fetching the verified reservation', () => {
  async function verifyWith(found: () => Response | Promise<Response>) {
    await signIn();
    mockSellingApi();
    let finds = 0;
    server.use(
      http.post('/api/reservations/find', () => {
        finds += 1;
        return found();
      }),
    );
    const rendered = renderRoute('/list-my-reservation');
    const { user } = rendered;
    await user.type(
      await screen.findByLabelText('Reservation ID / Confirmation Number', {}, { timeout: 5000 }),
      STAY.confirmationNumber,
    );
    await user.type(screen.getByLabelText('Email Address on Reservation'), STAY.email);
    await user.click(screen.getByRole('button', { name: 'Verify Reservation' }));
    await user.type(await screen.findByLabelText('6-digit Verification Code'), STAY.code);
    await user.click(screen.getByRole('button', { name: 'Submit Verification Code' }));
    return { ...rendered, finds: () => finds };
  }

  it('says "Failed to fetch reservation details" when there is no result, and Try Again asks again', async () => {
    let reply: FoundReservation | null = null;
    const { user, finds } = await verifyWith(() => HttpResponse.json({ success: true, data: reply }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch reservation details');
    reply = makeFoundReservation();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Create your listing' })).toBeInTheDocument();
    expect(finds()).toBe(2);
  });

  it('says "Failed to fetch reservation details" with the reason on an error, and Start Over returns to step 1', async () => {
    const { user } = await verifyWith(() =>
      HttpResponse.json(
        { success: false, error: 'You can only list reservations you verified', code: 'FORBIDDEN' },
        { status: 403 },
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch reservation details');
    expect(alert).toHaveTextContent('You can only list reservations you verified');
    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(await screen.findByLabelText('Reservation ID / Confirmation Number')).toHaveValue('');
  });

  it('comes back to the verified reservation and what the seller typed after a reload, until Start Over', async () => {
    const { field, user, unmount, requests } = await openListingForm();
    await user.clear(field('Title'));
    await user.type(field('Title'), 'Quiet room over the river');
    await user.clear(field('Price (EUR)'));
    await user.type(field('Price (EUR)'), '310');
    unmount();

    // The reload: no new code, the reservation read again, the typed values back over its defaults.
    const again = renderRoute('/list-my-reservation');
    const form = await screen.findByRole('form', { name: 'Create your listing' });
    expect(within(form).getByLabelText('Title')).toHaveValue('Quiet room over the river');
    expect(within(form).getByLabelText('Price (EUR)')).toHaveValue(310);
    expect(requests.verifyCombined).toHaveLength(1);
    expect(requests.find).toHaveLength(2);

    await again.user.click(within(form).getByRole('button', { name: 'Start Over' }));
    expect(await screen.findByLabelText('Reservation ID / Confirmation Number')).toHaveValue('');
    again.unmount();
    renderRoute('/list-my-reservation');
    expect(await screen.findByLabelText('Reservation ID / Confirmation Number')).toBeInTheDocument();
  });

  it('does not bring back another account’s reservation', async () => {
    await signIn();
    mockSellingApi();
    sessionStorage.setItem(
      'restay.listing-draft',
      JSON.stringify({ userId: 'someone-else', reservationId: STAY.confirmationNumber, values: { title: 'Theirs' } }),
    );
    renderRoute('/list-my-reservation');
    expect(await screen.findByLabelText('Reservation ID / Confirmation Number', {}, { timeout: 5000 })).toHaveValue('');
    expect(screen.queryByRole('form', { name: 'Create your listing' })).not.toBeInTheDocument();
  });

  it('points to the live listing instead of the form when the reservation is already listed, with Start Over', async () => {
    const { user } = await verifyWith(() =>
      HttpResponse.json({ success: true, data: makeFoundReservation({ liveListingId: 'live-1' }) }),
    );
    expect(await screen.findByText('This reservation is already listed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the listing' })).toHaveAttribute('href', '/listings/live-1');
    expect(screen.queryByRole('form', { name: 'Create your listing' })).not.toBeInTheDocument();
    // A seller brought back here by a reload can still go on to another reservation.
    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(await screen.findByLabelText('Reservation ID / Confirmation Number')).toHaveValue('');
  });
});

describe('the created banner on the listing page', () => {
  it('greets for 5 s, then leaves, dropping the flag from the address', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const listing = makeListing();
    server.use(http.get(`/api/listings/${listing.id}`, () => HttpResponse.json({ success: true, data: listing })));
    const { router } = renderRoute(`/listings/${listing.id}?created=1`);
    expect(await screen.findByText("Here's your listing!")).toBeInTheDocument();
    await screen.findByRole('heading', { level: 1, name: listing.title });
    // Time also flows on its own here, so the check before the end leaves a wide margin for a slow machine.
    act(() => vi.advanceTimersByTime(3_500));
    expect(screen.getByText("Here's your listing!")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_500));
    expect(screen.queryByText("Here's your listing!")).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('is not shown without the flag', async () => {
    const listing = makeListing();
    server.use(http.get(`/api/listings/${listing.id}`, () => HttpResponse.json({ success: true, data: listing })));
    renderRoute(`/listings/${listing.id}`);
    await screen.findByRole('heading', { level: 1, name: listing.title });
    expect(screen.queryByText("Here's your listing!")).not.toBeInTheDocument();
  });
});
