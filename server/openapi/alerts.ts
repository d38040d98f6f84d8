import { z } from 'zod';
import { createSavedSearchSchema, SAVED_SEARCH_LIMITS, updateSavedSearchSchema } from '../../contract/alerts.ts';
import { replySchema, schemaRef } from './json-schema.ts';
import type { OperationSpec } from './operation.ts';

const QUERY =
  '`query` holds the marketplace’s filters as text (`location`, `hotelName`, `startDate`, `endDate`, ' +
  '`minPrice`, `maxPrice`, `bounds`), checked by the search’s own rules (problems reported under ' +
  '`query.<name>`). `timeZone` (an IANA zone) and `digestHour` (0-23) are the person’s, shared by all their ' +
  'searches.';
const savedSearchId = { id: 'The saved search id (a UUID; any other value is 404)' };
const unsubscribeToken = z.object({ token: z.string() });

export const alertsPaths: Record<string, Record<string, OperationSpec>> = {
  '/api/saved-searches': {
    get: {
      operationId: 'listSavedSearches',
      tag: 'Alerts',
      summary: 'The caller’s saved searches, how many stays match each now, and when their digest goes out',
      access: 'bearer',
      reply: { status: 200, description: 'The saved searches', data: schemaRef('SavedSearchList') },
    },
    post: {
      operationId: 'saveSearch',
      tag: 'Alerts',
      summary: 'Save a marketplace search, with instant or daily alert emails',
      description: `${QUERY} At most ${SAVED_SEARCH_LIMITS.perUser} per person (then 409).`,
      access: 'bearer',
      body: createSavedSearchSchema,
      reply: { status: 201, description: 'Saved', data: schemaRef('SavedSearch') },
      errors: ['CONFLICT'],
    },
  },
  '/api/saved-searches/{id}': {
    put: {
      operationId: 'updateSavedSearch',
      tag: 'Alerts',
      summary: 'Rename, change the query or frequency, pause or resume one’s own saved search',
      description: QUERY,
      access: 'bearer',
      pathParams: savedSearchId,
      body: updateSavedSearchSchema,
      reply: { status: 200, description: 'The saved search after the change', data: schemaRef('SavedSearch') },
      errors: ['FORBIDDEN', 'NOT_FOUND'],
    },
    delete: {
      operationId: 'deleteSavedSearch',
      tag: 'Alerts',
      summary: 'Delete one’s own saved search',
      access: 'bearer',
      pathParams: savedSearchId,
      reply: { status: 200, description: 'Deleted', data: replySchema(z.object({ id: z.string() })) },
      errors: ['FORBIDDEN', 'NOT_FOUND'],
    },
  },
  '/api/alerts/unsubscribe': {
    get: {
      operationId: 'showUnsubscribePage',
      tag: 'Alerts',
      summary: 'The link in every alert email: a page with one button that stops the alerts',
      description: 'Following the link changes nothing (mail scanners follow links); the button posts.',
      access: 'signature',
      query: unsubscribeToken,
      reply: { status: 200, description: 'The page', html: true, refused: 'The link’s token is not valid' },
    },
    post: {
      operationId: 'unsubscribe',
      tag: 'Alerts',
      summary: 'Stop the alerts the signed token names (the page’s button, or a mail client’s one-click unsubscribe)',
      description: 'Any body (RFC 8058 sends `List-Unsubscribe=One-Click`) is ignored: the token is the proof.',
      access: 'signature',
      query: unsubscribeToken,
      reply: { status: 200, description: 'Unsubscribed', html: true, refused: 'The link’s token is not valid' },
    },
  },
};
