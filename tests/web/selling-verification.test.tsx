import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { publicConfigQueryOptions } from '../../src/lib/public-config.ts';
import { signIn, TEST_USER } from './auth-mocks.ts';
import type { PublicConfig } from '../../contract/config.ts';
import { configReply, server } from './msw.ts';
import { renderRoute } from './render.tsx';
import { mockSellingApi, NOT_FOUND_MESSAGE, STAY, WRONG_CODE_MESSAGE } from './selling-mocks.ts';

const EMAIL_SENT = 'Verification email sent! Please check your inbox and spam folder.';

async function openListMyReservation(options: Parameters<typeof mockSellingApi>[0] = {}) {
  await signIn();
  const requests = mockSellingApi(options);
  const rendered = renderRoute('/list-my-reservation');
  // The first visit loads the page's code: on a busy machine that takes more than the default second.
  await screen.findByRole('heading', { name: 'Find your reservation' }, { timeout: 5000 });
  return { ...rendered, requests };
}

async function submitStep1(user: UserEvent, number: string = STAY.confirmationNumber, email: string = STAY.email) {
  await user.type(screen.getByLabelText('Reservation ID / Confirmation Number'), number);
  await user.type(screen.getByLabelText('Email Address on Reservation'), email);
  await user.click(screen.getByRole('button', { name: 'Verify Reservation' }));
}

const problem = (status: number, code: string, error: string) =>
  HttpResponse.json({ success: false, error, code }, { status });

describe('/list-my-reservation, step 1: find the reservation', () => {
  it('asks for the confirmation number and the email (an email input) and refuses empty fields without calling the API', async () => {
    const { user, requests } = await openListMyReservation();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address on Reservation')).toHaveAttribute('type', 'email');

    await user.click(screen.getByRole('button', { name: 'Verify Reservation' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveClass('bg-red-50');
    expect(alert).toHaveTextContent('Please enter the confirmation number.');
    expect(alert).toHaveTextContent('Please enter the email address on the reservation.');
    expect(screen.getByLabelText('Reservation ID / Confirmation Number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Reservation ID / Confirmation Number')).toHaveFocus();

    await user.type(screen.getByLabelText('Reservation ID / Confirmation Number'), 'LIS-1');
    await user.type(screen.getByLabelText('Email Address on Reservation'), 'ana@');
    await user.click(screen.getByRole('button', { name: 'Verify Reservation' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address.');
    expect(requests.verifyCombined).toEqual([]);
  });

  it('says "Verifying..." while busy, sends number, email and user, then shows step 2 with the code field focused', async () => {
    const { user, requests } = await openListMyReservation({ slow: true });
    await submitStep1(user, `  ${STAY.confirmationNumber} `, STAY.email);
    expect(await screen.findByRole('button', { name: 'Verifying...' })).toBeDisabled();

    expect(await screen.findByText(EMAIL_SENT)).toBeInTheDocument();
    expect(requests.verifyCombined).toEqual([
      { confirmationNumber: STAY.confirmationNumber, email: STAY.email, userId: TEST_USER.id },
    ]);
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    expect(screen.getByText(STAY.email)).toBeInTheDocument();
    const code = screen.getByLabelText('6-digit Verification Code');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('maxlength', '6');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: 'Submit Verification Code' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Reservation Details' })).toBeInTheDocument();
  });

  it.each([
    ['an unknown number or a wrong email (404)', problem(404, 'NOT_FOUND', NOT_FOUND_MESSAGE), NOT_FOUND_MESSAGE],
    [
      'a reservation that may not be listed (409)',
      problem(409, 'CONFLICT', 'This reservation was cancelled at the hotel, so it cannot be listed.'),
      'This reservation was cancelled at the hotel, so it cannot be listed.',
    ],
    [
      "the named hotel's system not answering (503)",
      HttpResponse.json(
        {
          success: false,
          code: 'SERVICE_UNAVAILABLE',
          error: "Casa do Tejo Hotel's system is not answering; try again in a few minutes",
          details: { reason: 'hotel_not_answering' },
        },
        { status: 503 },
      ),
      "Casa do Tejo Hotel's system is not answering; try again in a few minutes",
    ],
    ['a server failure', problem(500, 'INTERNAL_ERROR', 'Something broke'), 'Failed to initiate verification process'],
    ['a reply with success false', HttpResponse.json({ success: false }), 'Failed to initiate verification process'],
  ])('shows %s in the red box and stays on step 1', async (_case, reply, message) => {
    const { user } = await openListMyReservation();
    server.use(http.post('/api/reservations/verify-combined', () => reply));
    await submitStep1(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(alert).not.toHaveTextContent('Something broke');
    expect(screen.getByRole('button', { name: 'Verify Reservation' })).toBeEnabled();
    expect(screen.queryByLabelText('6-digit Verification Code')).not.toBeInTheDocument();
  });

  it('lets the seller name the hotel from the connected ones, by keyboard, and sends it with the number', async () => {
    const { user, requests } = await openListMyReservation();
    const asked: string[] = [];
    const SEEBLICK = { id: '7d2a4c1e-1b2c-4d3e-8f40-5a6b7c8d9e0f', name: 'Seeblick Hotel' };
    server.use(
      http.get('/api/reservations/hotels', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json({
          success: true,
          data: [SEEBLICK, { id: '0b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d', name: 'Hotel am See' }],
        });
      }),
    );
    const hotel = screen.getByRole('combobox', { name: 'Hotel (optional)' });
    expect(hotel).toHaveAccessibleDescription(/name the hotel and we find it straight away/i);
    await user.type(hotel, 'See');
    await screen.findByRole('option', { name: 'Seeblick Hotel' });
    expect(hotel).toHaveAttribute('aria-expanded', 'true');
    // One request once typing pauses, not one per key.
    expect(asked).toEqual(['See']);
    await user.keyboard('{ArrowDown}');
    expect(hotel).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Seeblick Hotel' }).id);
    await user.keyboard('{Enter}');
    expect(hotel).toHaveValue('Seeblick Hotel');
    expect(hotel).toHaveAttribute('aria-expanded', 'false');

    await submitStep1(user);
    await screen.findByText(EMAIL_SENT);
    expect(requests.verifyCombined).toEqual([
      { confirmationNumber: STAY.confirmationNumber, email: STAY.email, hotelId: SEEBLICK.id, userId: TEST_USER.id },
    ]);
  });

  it("adds the server's explanation when the code went to a travel agency's relay address", async () => {
    const { user } = await openListMyReservation();
    const relay = 'This reservation was booked through a travel agency: the code went to the agency’s relay address.';
    server.use(
      http.post('/api/reservations/verify-combined', () =>
        HttpResponse.json({ success: true, data: { otaRelay: true, message: relay } }),
      ),
    );
    await submitStep1(user);
    const status = await screen.findByText(EMAIL_SENT);
    expect(status.closest('[role="status"]')).toHaveTextContent(relay);
  });
});

describe('/list-my-reservation, a reservation proved before', () => {
  it('goes straight to the listing form when the server says this seller already proved it, with no code', async () => {
    const { user, requests } = await openListMyReservation();
    server.use(
      http.post('/api/reservations/verify-combined', () =>
        HttpResponse.json({ success: true, data: { sent: true, otaRelay: false, alreadyProven: true } }),
      ),
    );
    await submitStep1(user);
    expect(await screen.findByLabelText('Title', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByLabelText('6-digit Verification Code')).not.toBeInTheDocument();
    expect(requests.verifyCode).toEqual([]);
    expect(requests.find).toHaveLength(1);
  });
});

describe('/list-my-reservation, step 2: the emailed code', () => {
  async function reachStep2(config: Partial<PublicConfig> = {}) {
    // Configuration first: signing in may already start the page's one read of it.
    server.use(http.get('/api/config', () => configReply(config)));
    await signIn();
    const requests = mockSellingApi();
    const rendered = renderRoute('/list-my-reservation');
    await screen.findByRole('heading', { name: 'Find your reservation' }, { timeout: 5000 });
    await submitStep1(rendered.user);
    await screen.findByLabelText('6-digit Verification Code');
    return { ...rendered, requests };
  }

  it('keeps digits only, at most six, and points to the dev mailbox outside production', async () => {
    const { user } = await reachStep2();
    const code = screen.getByLabelText('6-digit Verification Code');
    await user.type(code, '48a-29 13 77');
    expect(code).toHaveValue('482913');
    expect(await screen.findByRole('link', { name: '/dev/mailbox' })).toHaveAttribute(
      'href',
      `${window.location.origin}/dev/mailbox`,
    );
  });

  it('never mentions the dev mailbox in production', async () => {
    const { queryClient } = await reachStep2({ environment: 'production' });
    // The configuration has arrived, so the hint would be on the page by now.
    await waitFor(() => expect(queryClient.getQueryState(publicConfigQueryOptions.queryKey)?.status).toBe('success'));
    expect(screen.queryByText(/development mailbox/)).not.toBeInTheDocument();
  });

  it('requires the six digits before calling the API', async () => {
    const { user, requests } = await reachStep2();
    await user.type(screen.getByLabelText('6-digit Verification Code'), '123');
    await user.click(screen.getByRole('button', { name: 'Submit Verification Code' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code from the email.');
    expect(requests.verifyCode).toEqual([]);
  });

  it('Back returns to step 1 with the details kept and the focus on the first field', async () => {
    const { user } = await reachStep2();
    await user.click(screen.getByRole('button', { name: 'Back to Reservation Details' }));
    const number = await screen.findByLabelText('Reservation ID / Confirmation Number');
    expect(number).toHaveValue(STAY.confirmationNumber);
    expect(number).toHaveFocus();
    expect(screen.getByLabelText('Email Address on Reservation')).toHaveValue(STAY.email);
    expect(screen.queryByText(EMAIL_SENT)).not.toBeInTheDocument();
  });

  it("shows the server's message for a wrong code and lets the seller try again", async () => {
    const { user, requests } = await reachStep2();
    await user.type(screen.getByLabelText('6-digit Verification Code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Submit Verification Code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_CODE_MESSAGE);
    expect(screen.getByLabelText('6-digit Verification Code')).toHaveFocus();
    expect(requests.verifyCode).toEqual([{ email: STAY.email, code: '111111' }]);
    expect(requests.find).toEqual([]);
  });

  it.each([
    ['success without data.verified', HttpResponse.json({ success: true, data: { verified: false } })],
    ['success false', HttpResponse.json({ success: false })],
    ['a server failure', problem(500, 'INTERNAL_ERROR', 'Database down')],
  ])('says "Verification incomplete" for %s', async (_case, reply) => {
    const { user, requests } = await reachStep2();
    server.use(http.post('/api/reservations/verify-code', () => reply));
    await user.type(screen.getByLabelText('6-digit Verification Code'), STAY.code);
    await user.click(screen.getByRole('button', { name: 'Submit Verification Code' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Verification incomplete');
    expect(alert).not.toHaveTextContent('Database down');
    expect(requests.find).toEqual([]);
  });

  it('hands the verified reservation on: the stay is fetched for this user and the listing form takes the focus', async () => {
    const { user, requests } = await reachStep2();
    await user.type(screen.getByLabelText('6-digit Verification Code'), STAY.code);
    await user.click(screen.getByRole('button', { name: 'Submit Verification Code' }));
    const heading = await screen.findByRole('heading', { name: 'Create your listing' });
    expect(heading).toHaveFocus();
    expect(requests.find).toEqual([{ reservationId: STAY.confirmationNumber, userId: TEST_USER.id }]);
    expect(
      within(screen.getByRole('form', { name: 'Create your listing' })).getByText('Deluxe Double Room'),
    ).toBeInTheDocument();
  });
});
