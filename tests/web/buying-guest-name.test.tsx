import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../src/features/listing/api/create-checkout-session.ts';
import { signIn, TEST_USER } from './auth-mocks.ts';
import { checkoutCreated, mockCreateCheckout, mockListing } from './buying-mocks.ts';
import { makeListing } from './factories.ts';
import { renderRoute } from './render.tsx';

/** A signed-in buyer whose profile holds `names`, with the Pay Now panel of a stay open. */
async function openPayNow(names: { first_name: string; last_name: string }) {
  await signIn(TEST_USER, names);
  const listing = makeListing({ title: 'Harbour view suite' });
  mockListing(listing);
  const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  const bodies = mockCreateCheckout(checkoutCreated());
  const view = renderRoute(`/listings/${listing.id}`);
  // Generous: the first test also loads the pages' code, slow on a busy machine.
  await screen.findByRole('button', { name: 'Account menu' }, { timeout: 15_000 });
  await view.user.click(screen.getByRole('button', { name: 'Book Now' }));
  const panel = within(screen.getByRole('region', { name: 'Review and pay' }));
  return { ...view, panel, bodies, assign };
}

const sent = (bodies: unknown[]) =>
  bodies.map((body) => {
    const { guestFirstName, guestLastName } = body as Record<string, unknown>;
    return { guestFirstName, guestLastName };
  });

// Whole routes on a busy machine: the first test also loads the pages' code.
describe('the guest name in the Pay Now panel', { timeout: 20_000 }, () => {
  it('asks for the first and last name as on the ID, filled in from the profile, and sends them', async () => {
    const { user, panel, bodies, assign } = await openPayNow({ first_name: 'Ana', last_name: 'Silva' });
    expect(panel.getByRole('group', { name: 'Guest name, as on your ID' })).toHaveAccessibleDescription(
      'The hotel puts the reservation under this name; you show this ID at check-in.',
    );
    expect(await panel.findByRole('textbox', { name: 'First name' })).toHaveValue('Ana');
    expect(panel.getByRole('textbox', { name: 'Last name' })).toHaveValue('Silva');
    expect(panel.getByRole('textbox', { name: 'First name' })).toHaveAttribute('autocomplete', 'given-name');

    await user.click(panel.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(sent(bodies)).toEqual([{ guestFirstName: 'Ana', guestLastName: 'Silva' }]);
  });

  it('sends the name as typed over the profile, without surrounding spaces', async () => {
    const { user, panel, bodies, assign } = await openPayNow({ first_name: 'Ana', last_name: 'Silva' });
    const last = await panel.findByRole('textbox', { name: 'Last name' });
    await waitFor(() => expect(last).toHaveValue('Silva'));
    await user.clear(last);
    await user.type(last, '  Silva Pereira ');
    await user.click(panel.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(sent(bodies)).toEqual([{ guestFirstName: 'Ana', guestLastName: 'Silva Pereira' }]);
  });

  it('refuses to pay without a name: says which, moves focus there, and clears the message once corrected', async () => {
    const { user, panel, bodies, assign } = await openPayNow({ first_name: '', last_name: '' });
    await user.click(panel.getByRole('button', { name: 'Pay Now' }));

    const first = panel.getByRole('textbox', { name: 'First name' });
    const last = panel.getByRole('textbox', { name: 'Last name' });
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription('Please enter your first name as on your ID.');
    expect(last).toHaveAccessibleDescription('Please enter your last name as on your ID.');
    expect(bodies).toEqual([]);

    await user.type(first, 'Ana');
    expect(first).not.toHaveAttribute('aria-invalid');
    await user.click(panel.getByRole('button', { name: 'Pay Now' }));
    expect(last).toHaveFocus();
    expect(bodies).toEqual([]);

    await user.type(last, 'Silva');
    await user.click(panel.getByRole('button', { name: 'Pay Now' }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    expect(sent(bodies)).toEqual([{ guestFirstName: 'Ana', guestLastName: 'Silva' }]);
  });

  it('refuses a name with no letters in it, as the server would', async () => {
    const { user, panel, bodies } = await openPayNow({ first_name: 'Ana', last_name: '' });
    const last = panel.getByRole('textbox', { name: 'Last name' });
    await user.type(last, '---');
    await user.click(panel.getByRole('button', { name: 'Pay Now' }));
    expect(last).toHaveFocus();
    expect(last).toHaveAccessibleDescription('Please enter your last name as on your ID.');
    expect(bodies).toEqual([]);
  });
});
