import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Listing } from '../../contract/listing.ts';
import { HANDOVER_TEXT } from '../../src/features/listing/components/StayHandover.tsx';
import { makeListing } from './factories.ts';
import { fakeIntersectionObserver } from './fake-intersection-observer.ts';
import { server } from './msw.ts';
import { fakeMap } from './fake-react-leaflet.tsx';
import { renderRoute } from './render.tsx';

// The map library is stubbed: markers become buttons, and the map records how it was asked to move.

const observer = fakeIntersectionObserver();

async function openStay(listing: Listing) {
  server.use(http.get(`/api/listings/${listing.id}`, () => HttpResponse.json({ success: true, data: listing })));
  const rendered = renderRoute(`/listings/${listing.id}`);
  await screen.findByRole('heading', { level: 1, name: listing.title });
  return rendered;
}

describe("a stay's page shows what the buyer takes over", () => {
  it('shows the stay’s own photo alone, and opens it larger on a press or from the keyboard', async () => {
    const listing = makeListing({ title: 'Harbour view suite', image_url: '/images/listings/harbour-view.svg' });
    const { user } = await openStay(listing);
    expect(screen.getByRole('img', { name: 'Harbour view suite' })).toHaveAttribute('src', listing.image_url);
    // No picture stands in for the hotel: the card's placeholders are not shown as the stay's photos.
    expect(screen.queryByRole('list', { name: 'More photos' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('img').map((image) => image.getAttribute('src'))).not.toContainEqual(
      expect.stringContaining('placeholder'),
    );

    const enlarge = screen.getByRole('button', { name: 'Open the photo of Harbour view suite larger' });
    await user.click(enlarge);
    const viewer = await screen.findByRole('dialog', { name: 'Harbour view suite' });
    expect(within(viewer).getByRole('img', { name: 'Harbour view suite' })).toHaveAttribute('src', listing.image_url);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Back on the photo that opened it (Radix hands focus back once the dialog has left).
    await waitFor(() => expect(enlarge).toHaveFocus());

    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Harbour view suite' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names the room type and the guests, and says the reservation becomes the buyer’s at the hotel', async () => {
    await openStay(makeListing({ title: 'Lake room', room_type: 'Deluxe King Room', guests: 2 }));
    const handover = screen.getByRole('region', { name: 'What changes hands' });
    expect(within(handover).getByText('Room type').nextSibling).toHaveTextContent('Deluxe King Room');
    expect(within(handover).getByText('Guests').nextSibling).toHaveTextContent('2 guests');
    expect(within(handover).getByText(HANDOVER_TEXT)).toBeInTheDocument();
    expect(HANDOVER_TEXT).toBe(
      "The reservation is put in the buyer's name at the hotel, and check-in is under their name.",
    );
  });

  it("says so when the hotel's system did not name the room type or the guests", async () => {
    await openStay(makeListing({ title: 'Plain room', room_type: null, guests: null }));
    const handover = screen.getByRole('region', { name: 'What changes hands' });
    expect(within(handover).getAllByText('Not provided')).toHaveLength(2);
  });

  it('loads the map of the hotel only once its section comes near the screen, with the hotel’s pin', async () => {
    const listing = makeListing({ title: 'Harbour view suite', hotel_name: 'Hotel Miradouro', price: 1234 });
    await openStay(listing);
    const section = screen.getByRole('region', { name: "Where you'll stay" });
    expect(within(section).getByText('Hotel Miradouro, Lisbon, Portugal')).toBeInTheDocument();
    const map = within(section).getByRole('region', { name: 'Map of Hotel Miradouro, Lisbon, Portugal' });
    expect(within(map).queryByTestId('map')).not.toBeInTheDocument();

    observer.report({ isIntersecting: true }, section);
    expect(await within(map).findByTestId('map')).toBeInTheDocument();
    expect(within(map).getByRole('button', { name: 'Harbour view suite, $1,234' })).toBeInTheDocument();
    expect(fakeMap.fitBounds).toHaveBeenLastCalledWith(
      [
        [listing.latitude, listing.longitude],
        [listing.latitude, listing.longitude],
      ],
      expect.anything(),
    );
    // A stay's map is for looking: moving it offers no search.
    act(() => fakeMap.events.dragend!());
    expect(within(map).queryByRole('button', { name: 'Search this area' })).not.toBeInTheDocument();
  });

  it('has no map when the hotel’s position is unknown', async () => {
    await openStay(makeListing({ title: 'Unplaced room', latitude: null, longitude: null }));
    expect(screen.queryByRole('region', { name: "Where you'll stay" })).not.toBeInTheDocument();
  });
});
