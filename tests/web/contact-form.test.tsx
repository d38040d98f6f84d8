import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { BUSINESS_CONTACT } from '../../src/lib/business-contact.ts';
import { fakeIntersectionObserver } from './fake-intersection-observer.ts';
import { server } from './msw.ts';
// The landing page loads the form lazily; importing it here keeps its compile out of the first case's time.
import '../../src/features/landing/components/ContactForm.tsx';
import { renderRoute } from './render.tsx';

let posted: unknown[] = [];
beforeEach(() => {
  posted = [];
  server.use(
    http.post('/api/contact', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json(
        { success: true, data: { id: '7d9f2b1e-0000-4000-8000-000000000001' } },
        { status: 201 },
      );
    }),
  );
});

async function openContactForm() {
  const rendered = renderRoute('/');
  const form = await screen.findByRole('form', { name: 'Contact us' });
  const field = (label: RegExp) => within(form).getByLabelText(label);
  return { ...rendered, form, field };
}

describe('contact form', () => {
  it('requires name, email, phone and consent, listing the problems in one alert without sending', async () => {
    const { form, user } = await openContactForm();
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    const alert = within(form).getByRole('alert');
    expect(alert).toHaveTextContent('Please enter your full name.');
    expect(alert).toHaveTextContent('Please enter your email address.');
    expect(alert).toHaveTextContent('Please enter your phone number.');
    expect(alert).toHaveTextContent('Please agree to be contacted about your enquiry.');
    expect(posted).toEqual([]);
  });

  it('refuses a malformed email and an implausible phone number', async () => {
    const { form, field, user } = await openContactForm();
    await user.type(field(/Full name/), 'Ana Sousa');
    await user.type(field(/Email/), 'ana@');
    await user.type(field(/Phone/), '12');
    await user.click(field(/I agree/));
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    const alert = within(form).getByRole('alert');
    expect(alert).toHaveTextContent('Please enter a valid email address.');
    expect(alert).toHaveTextContent('Please enter a valid phone number.');
    expect(alert).not.toHaveTextContent('full name');
    expect(field(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/Full name/)).not.toHaveAttribute('aria-invalid');
    expect(posted).toEqual([]);
  });

  it('sends a valid message (the message text is optional), confirms it and resets the form', async () => {
    const { form, field, user } = await openContactForm();
    await user.type(field(/Full name/), 'Ana Sousa');
    await user.type(field(/Email/), 'ana@example.com');
    await user.type(field(/Phone/), '+351 912 345 678');
    await user.click(field(/I agree/));
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));

    expect(await within(form).findByRole('status')).toHaveTextContent('Your message has been sent');
    expect(posted).toEqual([
      { fullName: 'Ana Sousa', email: 'ana@example.com', phone: '+351 912 345 678', message: '', consent: true },
    ]);
    expect(field(/Full name/)).toHaveValue('');
    expect(field(/Email/)).toHaveValue('');
    expect(field(/Phone/)).toHaveValue('');
    expect(field(/I agree/)).not.toBeChecked();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the API refusal (e.g. the rate limit) in the red box and keeps what was typed', async () => {
    server.use(
      http.post('/api/contact', () =>
        HttpResponse.json(
          {
            success: false,
            error: 'Too many messages from this address. Please try again in a few minutes.',
            code: 'RATE_LIMITED',
          },
          { status: 429 },
        ),
      ),
    );
    const { form, field, user } = await openContactForm();
    await user.type(field(/Full name/), 'Ana Sousa');
    await user.type(field(/Email/), 'ana@example.com');
    await user.type(field(/Phone/), '912345678');
    await user.type(field(/Message/), 'Hello');
    await user.click(field(/I agree/));
    await user.click(within(form).getByRole('button', { name: 'Send Message' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many messages from this address.');
    expect(field(/Message/)).toHaveValue('Hello');
  });

  it('shows the same business contact details and hours as the footer', async () => {
    await openContactForm();
    const section = document.getElementById('contact')!;
    const footer = screen.getByRole('contentinfo');
    for (const text of [
      BUSINESS_CONTACT.street,
      BUSINESS_CONTACT.phone,
      BUSINESS_CONTACT.email,
      'Mon–Fri',
      '9:00–18:00',
    ]) {
      expect(section).toHaveTextContent(text);
      expect(footer).toHaveTextContent(text);
    }
  });
});

describe('contact form on a long page', () => {
  // The section far below the screen until the test says otherwise.
  const observer = fakeIntersectionObserver();

  it('loads only as the contact section nears the screen', async () => {
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 2, name: 'Contact us' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Contact us' })).toBeNull();
    await waitFor(() => expect(observer.observing()).toBe(true));
    observer.report({ isIntersecting: true });
    expect(await screen.findByRole('form', { name: 'Contact us' })).toBeInTheDocument();
  });
});
