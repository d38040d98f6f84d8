import { formatMajorUnits } from '../../contract/money-format.ts';
import { toMajor } from '../../contract/money.ts';
import { hotelDate } from '../listings/stay-dates.ts';
import { html } from '../http/html.ts';
import type { ListingWithSeller } from '../listings/listing-dto.ts';

/** What a page says about itself to search engines and link previews, before any script runs. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute address of the preview picture. */
  image?: string;
  /** The picture the page paints first, as the page addresses it: the browser is asked for it with the page. */
  firstPicture?: string;
  /** Someone's own page, or a step of paying: kept out of search results. */
  private: boolean;
}

const SITE = 'Restay';
const DEFAULT_TITLE = 'Restay — resell and book hotel stays';
const DEFAULT_DESCRIPTION =
  'Restay is a marketplace where travellers resell hotel reservations they can no longer use, and others book them.';
const PRIVATE_PAGES = /^\/(list-my-reservation|my-listings|my-stays|my-reservations|profile|payment|booking)(\/|$)/;

/**
 * The head of the page at `path`: for a stay's page (`stay`, the listing its address names, looked up by the
 * caller), the stay's own title, place, dates, price and picture while it is on sale, and no index once it cannot
 * be booked; else the site's.
 */
export function pageHead(publicUrl: string, path: string, stay?: ListingWithSeller): PageHead {
  if (stay?.status === 'active') return listingHead(publicUrl, stay);
  // Sold, paused, withdrawn or past: the page still serves its buyer and seller, but nobody can book it.
  if (stay && stay.status !== 'reserved') return siteHead(true);
  if (path === '/marketplace') {
    return {
      title: `Marketplace · ${SITE}`,
      description: 'Hotel stays resold by travellers who can no longer go. Search by place, dates and price.',
      private: false,
    };
  }
  return siteHead(PRIVATE_PAGES.test(path));
}

const siteHead = (isPrivate: boolean): PageHead => ({
  title: DEFAULT_TITLE,
  description: DEFAULT_DESCRIPTION,
  private: isPrivate,
});

function listingHead(publicUrl: string, listing: ListingWithSeller): PageHead {
  // The stay's days as the hotel counts them, as on its page.
  const day = (value: Date) => hotelDate(value, listing.time_zone);
  const place = [listing.hotel_name, listing.city, listing.country].filter(Boolean).join(', ');
  const price = formatMajorUnits(toMajor(listing.price_cents), listing.currency);
  return {
    title: `${listing.title} · ${SITE}`,
    description: `${place}: ${day(listing.start_utc)} to ${day(listing.end_utc)}, ${price}. Resold on ${SITE}.`,
    image: listing.image_url ? new URL(listing.image_url, `${publicUrl}/`).toString() : undefined,
    firstPicture: listing.image_url ?? undefined,
    private: false,
  };
}

/** index.html with the page's title and description, link-preview (Open Graph, X) tags and, if private, noindex. */
export function withHead(indexHtml: string, head: PageHead, url: string): string {
  const tags = html`<title>${head.title}</title>
    <meta name="description" content="${head.description}" />
    <meta property="og:site_name" content="${SITE}" />
    <meta property="og:type" content="website" />
    <meta property="og:title" content="${head.title}" />
    <meta property="og:description" content="${head.description}" />
    <meta property="og:url" content="${url}" />${
      head.image &&
      html`
    <meta property="og:image" content="${head.image}" />`
    }
    <meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />${
      head.private &&
      html`
    <meta name="robots" content="noindex" />`
    }`;
  return (
    indexHtml
      .replace(/\s*<title>[^<]*<\/title>/, '')
      .replace(/\s*<meta name="description"[^>]*>/, '')
      // A function, so a `$&` or `$'` in a seller's title is text, not a replacement pattern.
      .replace('</head>', () => `  ${tags}\n  </head>`)
  );
}
