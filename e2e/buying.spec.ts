import { expect, test } from '@playwright/test';
import { checkOut, payWith, stayOnTheMarket, statusOf } from './buying-steps.ts';
import { signInAsNewUser } from './sign-in.ts';

for (const device of ['desktop', 'phone'] as const) {
  const tag = device === 'phone' ? ' @phone' : '';

  test(`a buyer pays with a test card, is confirmed, and finds the stay in My Stays (${device})${tag}`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAsNewUser(page, 'buyer');
    const stay = await stayOnTheMarket(page);
    await checkOut(page, stay);
    await expect(page.getByRole('button', { name: /^Pay \S/ })).toContainText(stay.price.toLocaleString('en-US'));

    await payWith(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/payment\/success\?session_id=/);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(new RegExp(`/booking/confirmation\\?listing=${stay.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Congratulations!' })).toBeVisible();
    if (stay.hotel_name) await expect(page.getByRole('region', { name: 'Your stay' })).toContainText(stay.hotel_name);
    expect(await statusOf(page, stay.id)).toBe('sold');

    await page.getByRole('main').getByRole('link', { name: 'My Stays' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Stays' })).toBeVisible();
    const bought = page.locator(`a[href="/listings/${stay.id}"]`).locator('visible=true');
    await expect(bought).toHaveCount(1);
    // The stay's timeline starts with the payment (the table's on a desktop, the card's on a phone).
    const progress = page.getByRole('list', { name: /^Progress of / }).locator('visible=true');
    await expect(progress).toHaveCount(1);
    await expect(progress.getByRole('listitem').first()).toContainText('Paid');
    await bought.click();
    await expect(page.getByText('PURCHASED')).toBeVisible();
  });
}

test('a declined card changes nothing, and going back from the checkout returns the stay to the market', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAsNewUser(page, 'buyer');
  const stay = await stayOnTheMarket(page);
  await checkOut(page, stay);
  expect(await statusOf(page, stay.id)).toBe('reserved');

  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/test-checkout\//);
  expect(await statusOf(page, stay.id)).toBe('reserved');

  await page
    .getByRole('link', { name: /back|cancel/i })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/payment/cancel\\?listing=${stay.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Cancelled' })).toBeVisible();
  await expect(page.getByText('No charges were made.')).toBeVisible();
  await expect.poll(() => statusOf(page, stay.id)).toBe('active');

  await page.getByRole('main').getByRole('link', { name: 'My Stays' }).click();
  await expect(page.getByText("You haven't bought any stays yet")).toBeVisible();
  await page.goto(`/listings/${stay.id}`);
  await expect(page.getByRole('button', { name: 'Book Now' }).first()).toBeVisible();
});

for (const device of ['desktop', 'phone'] as const) {
  const tag = device === 'phone' ? ' @phone' : '';

  test(`Cancel in the Pay Now panel keeps the buyer on the stay, with nothing held (${device})${tag}`, async ({
    page,
  }) => {
    await signInAsNewUser(page, 'buyer');
    const stay = await stayOnTheMarket(page);
    await page.goto(`/listings/${stay.id}`);
    // On a phone Book Now is in the bar at the bottom; the panel opens in the price box and comes into view.
    const bookNow =
      device === 'phone'
        ? page.getByRole('region', { name: 'Book this stay' }).getByRole('button', { name: 'Book Now' })
        : page.getByRole('button', { name: 'Book Now' });
    await bookNow.click();
    const panel = page.getByRole('region', { name: 'Review and pay' });
    await expect(panel).toBeInViewport();
    await expect(page.getByRole('heading', { name: 'Review and pay' })).toBeFocused();
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Payment was cancelled.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Now' }).first()).toBeFocused();
    expect(await statusOf(page, stay.id)).toBe('active');
  });
}
