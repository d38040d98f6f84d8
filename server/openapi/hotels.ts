import { z } from 'zod';
import {
  chainApprovalsReplySchema,
  claimHotelBodySchema,
  claimHotelReplySchema,
  claimPreviewSchema,
  hotelDemandSchema,
  hotelLatelySchema,
  hotelMembersReplySchema,
  hotelOverviewSchema,
  inviteMemberBodySchema,
  myHotelsReplySchema,
} from '../../contract/hotels.ts';
import { hotelReportQuerySchema, hotelReportReplySchema } from '../../contract/hotel-report.ts';
import { hotelStaysQuerySchema, hotelStaysReplySchema } from '../../contract/hotel-stays.ts';
import { integrationWebhookReplySchema } from '../hotels/integration-webhook-route.ts';
import { integrationEventSchema } from '../selling/pms/mews-schemas.ts';
import { replySchema } from './json-schema.ts';
import type { OperationSpec } from './operation.ts';

const HOTEL = { hotelId: 'The hotel’s id (a uuid); the caller must be its member' };
const tag = 'Hotels';

export const hotelsPaths: Record<string, Record<string, OperationSpec>> = {
  '/api/mews/integration-webhook': {
    post: {
      operationId: 'receiveIntegrationEvent',
      tag,
      summary:
        'The hotel system’s Integration Webhook: a hotel connects, rotates its key, or turns resale access off or on',
      description:
        'Mews calls the URL registered with it, which carries `?Token=` (MEWS_INTEGRATION_WEBHOOK_TOKEN); a wrong or ' +
        'missing token is 401 and changes nothing. `IntegrationCreated` makes a pending hotel and emails its ' +
        'requestor the first admin’s link; `IntegrationApiKeyCreated` replaces its token; `IntegrationDisabled`, ' +
        '`IntegrationCanceled` and `IntegrationDeleted` suspend it; `IntegrationEnabled` and `IntegrationReinstated` ' +
        'restore it. The event is applied by a job; a redelivery is recorded once; an unknown action is answered 200.',
      access: 'signature',
      query: z.object({ Token: z.string().describe('The webhook token Restay gave the hotel system') }),
      body: integrationEventSchema,
      reply: { status: 200, description: 'Received', data: replySchema(integrationWebhookReplySchema) },
    },
  },
  '/api/hotels': {
    get: {
      operationId: 'listMyHotels',
      tag,
      summary: 'The hotels the caller belongs to, with their role at each',
      access: 'bearer',
      reply: { status: 200, description: 'The caller’s hotels', data: replySchema(myHotelsReplySchema) },
    },
  },
  '/api/hotels/claim': {
    post: {
      operationId: 'claimHotel',
      tag,
      summary: 'Uses the single-use link of a hotel’s email (72 hours): the caller joins the hotel',
      description:
        'The link’s email must be the caller’s. A first admin’s link opened with another email waits for an ' +
        'admin of another hotel of the same chain (`awaiting_approval`). A used or expired link is 409. The ' +
        'caller’s sign-in must have verified their email (403 `email_not_verified`), and a chain’s admin never ' +
        'approves their own claim (403 `own_claim`).',
      access: 'bearer',
      body: claimHotelBodySchema,
      reply: { status: 200, description: 'Joined, or waiting for approval', data: replySchema(claimHotelReplySchema) },
      errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    },
  },
  '/api/hotels/claim/preview': {
    post: {
      operationId: 'previewHotelClaim',
      tag,
      summary: 'What a hotel’s link offers, signed out too: the hotel, the role and the address it was sent to',
      description: 'Uses nothing up. An unknown link is 404; a used or expired one 409, as the claim answers.',
      access: 'public',
      body: claimHotelBodySchema,
      reply: { status: 200, description: 'The link’s hotel and role', data: replySchema(claimPreviewSchema) },
      errors: ['VALIDATION_ERROR', 'NOT_FOUND', 'CONFLICT'],
    },
  },
  '/api/hotels/{hotelId}': {
    get: {
      operationId: 'getHotel',
      tag,
      summary: 'The hotel’s status and the caller’s role there',
      access: 'bearer',
      pathParams: HOTEL,
      reply: { status: 200, description: 'The hotel', data: replySchema(hotelOverviewSchema) },
      errors: ['VALIDATION_ERROR', 'FORBIDDEN'],
    },
  },
  '/api/hotels/{hotelId}/lately': {
    get: {
      operationId: 'getHotelLately',
      tag,
      summary: 'The Overview’s glance: resale on, off or paused, and what happened lately to the hotel’s stays',
      description:
        '`on` while the live policy allows resale, the hotel is connected and “Pause all resale” is off; `paused` ' +
        'while the switch is on. `recent`: the newest stays listed, bought and put in a new guest’s name.',
      access: 'bearer',
      pathParams: HOTEL,
      reply: { status: 200, description: 'The glance', data: replySchema(hotelLatelySchema) },
      errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
    },
  },
  '/api/hotels/{hotelId}/demand': {
    get: {
      operationId: 'getHotelDemand',
      tag,
      summary: 'Who is waiting: per week for the next 12, how many saved searches would match a stay at the hotel',
      description:
        'Read from the saved searches’ index: a text search naming one of the hotel’s places, a map search covering ' +
        'it, or a search naming no place, whose dates admit a night of that week; at any price. Weeks start on the ' +
        'hotel’s today.',
      access: 'bearer',
      pathParams: HOTEL,
      reply: { status: 200, description: 'The weeks', data: replySchema(hotelDemandSchema) },
      errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
    },
  },
  '/api/hotels/{hotelId}/stays': {
    get: {
      operationId: 'listHotelStays',
      tag,
      summary: 'Every listing of a stay at the hotel, with its state, asking price and dates',
      description:
        'Newest check-in first, at most 500 (`truncated` says when more matched). `month` (YYYY-MM) keeps the stays ' +
        'checking in that month as the hotel counts its days; `state` one state: `sold` is paid and not yet in the ' +
        'buyer’s name, `in_buyers_name` is transferred, `refunded` a sale undone.',
      access: 'bearer',
      pathParams: HOTEL,
      query: hotelStaysQuerySchema,
      reply: { status: 200, description: 'The stays', data: replySchema(hotelStaysReplySchema) },
      errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
    },
  },
  '/api/hotels/{hotelId}/report': {
    get: {
      operationId: 'getHotelReport',
      tag,
      summary:
        'The Report: a month’s listings, decisions, sales, transfers, refunds and money, and the twelve months up to it',
      description:
        '`month` (YYYY-MM, the hotel’s calendar month; the current one when absent). Each figure is defined in ' +
        'contract/hotel-report.ts; every amount is read from the ledger, per currency, in hundredths.',
      access: 'bearer',
      pathParams: HOTEL,
      query: hotelReportQuerySchema,
      reply: { status: 200, description: 'The report', data: replySchema(hotelReportReplySchema) },
      errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
    },
  },
  '/api/hotels/{hotelId}/report/transfers.csv': {
    get: {
      operationId: 'downloadHotelTransfersCsv',
      tag,
      summary: 'The month’s transfers as CSV: one row per stay put in its buyer’s name, with the ledger’s amounts',
      description:
        'Columns: order_id, confirmation_number, check_in, check_out, nights, room_type, guest_name, sale_price, ' +
        'name_change_fee, fee_paid_out (major units, two decimals), currency, transferred_at. A cell starting with ' +
        '= + - @ is led by a quote mark so a spreadsheet reads it as text.',
      access: 'bearer',
      pathParams: HOTEL,
      query: hotelReportQuerySchema,
      reply: { status: 200, description: 'The CSV file (an attachment)', csv: true },
      errors: ['VALIDATION_ERROR', 'NOT_FOUND'],
    },
  },
  '/api/hotels/{hotelId}/members': {
    get: {
      operationId: 'listHotelMembers',
      tag,
      summary: 'Who works for the hotel, and the open invitations',
      access: 'bearer',
      pathParams: HOTEL,
      reply: { status: 200, description: 'Members and invitations', data: replySchema(hotelMembersReplySchema) },
      errors: ['VALIDATION_ERROR', 'FORBIDDEN'],
    },
    post: {
      operationId: 'inviteHotelMember',
      tag,
      summary: 'An admin invites someone by email as staff or admin; the invitation is emailed',
      access: 'bearer',
      pathParams: HOTEL,
      body: inviteMemberBodySchema,
      reply: {
        status: 201,
        description: 'Invited',
        data: replySchema(z.object({ invited: z.string() })),
      },
      errors: ['FORBIDDEN', 'CONFLICT'],
    },
  },
  '/api/hotels/{hotelId}/members/{userId}': {
    delete: {
      operationId: 'removeHotelMember',
      tag,
      summary: 'An admin removes a member; the last admin stays',
      access: 'bearer',
      pathParams: { ...HOTEL, userId: 'The member to remove' },
      reply: { status: 200, description: 'Removed', data: replySchema(z.object({ removed: z.string() })) },
      errors: ['VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    },
  },
  '/api/hotels/{hotelId}/invites/{inviteId}': {
    delete: {
      operationId: 'withdrawHotelInvite',
      tag,
      summary: 'An admin withdraws an invitation not used yet',
      access: 'bearer',
      pathParams: { ...HOTEL, inviteId: 'The invitation' },
      reply: { status: 200, description: 'Withdrawn', data: replySchema(z.object({ withdrawn: z.string() })) },
      errors: ['VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND'],
    },
  },
  '/api/hotels/{hotelId}/approvals': {
    get: {
      operationId: 'listChainApprovals',
      tag,
      summary: 'For an admin: people waiting to become the first admin of another hotel of the same chain',
      access: 'bearer',
      pathParams: HOTEL,
      reply: { status: 200, description: 'Waiting people', data: replySchema(chainApprovalsReplySchema) },
      errors: ['VALIDATION_ERROR', 'FORBIDDEN'],
    },
  },
  '/api/hotels/{hotelId}/approvals/{inviteId}': {
    post: {
      operationId: 'approveChainClaim',
      tag,
      summary: 'An admin approves someone as the first admin of another hotel of the same chain',
      access: 'bearer',
      pathParams: { ...HOTEL, inviteId: 'The first admin’s link they opened' },
      reply: { status: 200, description: 'Approved', data: replySchema(z.object({ approved: z.string() })) },
      errors: ['VALIDATION_ERROR', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    },
  },
};
