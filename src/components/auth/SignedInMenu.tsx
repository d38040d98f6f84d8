import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMyHotels } from '../../lib/my-hotels.ts';

type Props = {
  email: string;
  /** The avatar shows the first letter of the email. */
  initial: string;
  showMyListings: boolean;
  onSignOut: () => void;
};

const itemClass =
  'block w-full cursor-pointer rounded-md px-3 py-2 text-left text-sm text-slate-700 outline-none hover:bg-slate-100 data-[highlighted]:bg-slate-100';

/**
 * The signed-in avatar and its account menu, following the menu pattern: arrow keys and Home/End move between
 * items, Enter opens one, Escape and a click outside close the menu and focus returns to the avatar. Someone who
 * works for a hotel finds its console here: whether they do is asked once the pointer or focus reaches the avatar,
 * not on every page load, and the answer is usually in before the menu opens.
 */
export function SignedInMenu({ email, initial, showMyListings, onSignOut }: Props) {
  const [reachedFor, setReachedFor] = useState(false);
  const reach = () => setReachedFor(true);
  const worksForAHotel = (useMyHotels({ enabled: reachedFor }).data?.length ?? 0) > 0;
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its focusable header stays reachable.
    <DropdownMenu.Root modal={false} onOpenChange={reach}>
      <DropdownMenu.Trigger
        onPointerEnter={reach}
        onFocus={reach}
        aria-label="Account menu"
        className="inline-flex size-9 items-center justify-center rounded-full bg-brand-600 font-semibold text-white shadow-sm hover:bg-brand-700"
      >
        <span aria-hidden="true">{initial}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          aria-label="Account"
          align="end"
          sideOffset={8}
          className="z-50 w-60 rounded-xl border border-slate-200 bg-white p-2 text-slate-900 shadow-lg"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-sm font-medium text-slate-500">
            {email}
          </DropdownMenu.Label>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/my-stays">My Stays</Link>
          </DropdownMenu.Item>
          {showMyListings && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/my-listings">My Listings</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/alerts">Alerts</Link>
          </DropdownMenu.Item>
          {worksForAHotel && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/hotel">Hotel console</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/profile">View Profile</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={onSignOut}>
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
