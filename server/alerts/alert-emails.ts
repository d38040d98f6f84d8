import type { AlertReason } from '../db/schema.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { formatCents } from '../../contract/money-format.ts';
import { describeStayDates } from '../listings/stay-format.ts';

/** What an alert says about one stay. */
export interface AlertedStay {
  listingId: string;
  reason: AlertReason;
  title: string;
  hotel: string | null;
  city: string;
  country: string;
  start: Date;
  end: Date;
  /** The hotel's IANA time zone: the stay's dates are calendar days there. */
  timeZone: string;
  priceCents: number;
  previousPriceCents: number | null;
  currency: string;
}

export interface AlertLinks {
  publicUrl: string;
  /** The one-click unsubscribe URL (also in the List-Unsubscribe header). */
  unsubscribeUrl: string;
}

const place = (stay: AlertedStay) => `${stay.hotel ? `${stay.hotel}, ` : ''}${stay.city}`;

function stayLines(stay: AlertedStay, publicUrl: string): string[] {
  const price = formatCents(stay.priceCents, stay.currency);
  const drop =
    stay.reason === 'price_drop' && stay.previousPriceCents !== null
      ? `Price: ${price} (was ${formatCents(stay.previousPriceCents, stay.currency)})`
      : `Price: ${price}`;
  return [
    `${stay.title} · ${place(stay)}, ${stay.country}`,
    describeStayDates(stay.start, stay.end, stay.timeZone),
    drop,
    `See the stay: ${publicUrl}/listings/${stay.listingId}`,
  ];
}

/** RFC 8058: a mail client may offer one-click unsubscribe by POSTing to this URL. */
const unsubscribeHeaders = (url: string) => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

function footer(searchName: string | null, links: AlertLinks): string[] {
  return [
    '',
    searchName
      ? `You receive this because you saved the search "${searchName}" on Restay.`
      : 'You receive this because you saved searches on Restay.',
    `Manage your alerts: ${links.publicUrl}/alerts`,
    `Unsubscribe: ${links.unsubscribeUrl}`,
  ];
}

/** One stay, at once: new for the search, or cheaper than before. */
export function instantAlert(to: string, searchName: string, stay: AlertedStay, links: AlertLinks): MailMessage {
  const subject =
    stay.reason === 'price_drop'
      ? `Price drop: ${place(stay)} now ${formatCents(stay.priceCents, stay.currency)}`
      : `New stay for "${searchName}": ${place(stay)}`;
  const intro =
    stay.reason === 'price_drop'
      ? 'A stay that matches your saved search just got cheaper.'
      : 'A new stay matches your saved search.';
  return {
    to,
    subject,
    text: [intro, '', ...stayLines(stay, links.publicUrl), ...footer(searchName, links)].join('\n'),
    headers: unsubscribeHeaders(links.unsubscribeUrl),
  };
}

export interface DigestSection {
  searchName: string;
  unsubscribeUrl: string;
  stays: AlertedStay[];
}

/** The day's stays, grouped by the search that found them, each group with its own unsubscribe link. */
export function dailyDigest(to: string, sections: DigestSection[], links: AlertLinks): MailMessage {
  const count = sections.reduce((sum, section) => sum + section.stays.length, 0);
  const body = sections.flatMap((section) => [
    `"${section.searchName}"`,
    ...section.stays.flatMap((stay) => ['', ...stayLines(stay, links.publicUrl)]),
    `Stop alerts for "${section.searchName}": ${section.unsubscribeUrl}`,
    '',
  ]);
  return {
    to,
    subject: `Your Restay alerts: ${count} ${count === 1 ? 'stay' : 'stays'} for you today`,
    text: ['Stays that matched your saved searches since your last digest.', '', ...body, ...footer(null, links)].join(
      '\n',
    ),
    headers: unsubscribeHeaders(links.unsubscribeUrl),
  };
}
