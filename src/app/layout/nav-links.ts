export type NavLinkItem = {
  label: string;
  pathname: string;
  hash?: string;
  /** The List Your Stay flow hides the links to the landing page's sections (About, How It Works). */
  hiddenOn?: readonly string[];
};

export const NAV_LINKS: readonly NavLinkItem[] = [
  { label: 'Home', pathname: '/' },
  { label: 'About', pathname: '/', hash: '#about', hiddenOn: ['/list-my-reservation'] },
  { label: 'How It Works', pathname: '/', hash: '#services', hiddenOn: ['/list-my-reservation'] },
  { label: 'Marketplace', pathname: '/marketplace' },
  { label: 'List Your Stay', pathname: '/list-my-reservation' },
];

export function hrefOf(link: NavLinkItem): string {
  return `${link.pathname}${link.hash ?? ''}`;
}

/**
 * Hash links share the landing page's pathname, so the router's own matching would mark Home, About and
 * How It Works active at once; the hash decides which of them is current.
 */
export function isActiveLink(link: NavLinkItem, pathname: string, hash: string): boolean {
  if (link.pathname === '/') return pathname === '/' && (link.hash ?? '') === hash;
  return pathname === link.pathname || pathname.startsWith(`${link.pathname}/`);
}
