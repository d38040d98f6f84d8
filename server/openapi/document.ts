import type { z } from 'zod';
import { approvalsViewSchema } from '../../contract/stay-approvals.ts';
import {
  cancelCheckoutResultSchema,
  checkoutSessionResultSchema,
  purchasedStaySchema,
  sessionStatusSchema,
} from '../../contract/buying.ts';
import { savedSearchListSchema, savedSearchSchema } from '../../contract/alerts.ts';
import { hotelPayoutsSchema, onboardingLinkSchema, payoutAccountSchema } from '../../contract/payouts.ts';
import { publicConfigSchema } from '../../contract/config.ts';
import { errorEnvelopeSchema, type ErrorCode } from '../../contract/errors.ts';
import { sellerListingSchema } from '../../contract/handover.ts';
import { listingDetailSchema, listingSchema } from '../../contract/listing.ts';
import { photoSchema } from '../../contract/photos.ts';
import { searchMetaSchema } from '../../contract/search.ts';
import {
  foundReservationSchema,
  verificationSentSchema,
  verifiedReservationSchema,
  connectedHotelSchema,
  verifyCodeResultSchema,
} from '../../contract/selling.ts';
import { alertsPaths } from './alerts.ts';
import { payoutsPaths } from './payouts.ts';
import { hotelPolicyPaths } from './hotel-policy.ts';
import {
  hotelPolicyViewSchema,
  policyCatalogSchema,
  policyEffectsSchema,
  policyVersionsSchema,
  publishedPolicySchema,
} from '../../contract/resale-policy.ts';
import { buyingPaths } from './buying.ts';
import { handoverPaths } from './handover.ts';
import { hotelsPaths } from './hotels.ts';
import { replySchema, schemaRef } from './json-schema.ts';
import { listingsPaths } from './listings.ts';
import { BEARER, operation, type OperationSpec } from './operation.ts';
import { sellingPaths } from './selling.ts';
import { systemPaths } from './system.ts';

/** The version of the API this document describes; raised when a reply or request changes incompatibly. */
const API_VERSION = '1.0.0';

/** The replies' named schemas (`#/components/schemas/<name>`), straight from the contract the SPA parses. */
const NAMED_REPLIES: Record<string, z.ZodType> = {
  Listing: listingSchema,
  ListingDetail: listingDetailSchema,
  SellerListing: sellerListingSchema,
  PurchasedStay: purchasedStaySchema,
  SearchMeta: searchMetaSchema,
  VerificationSent: verificationSentSchema,
  VerifiedCode: verifyCodeResultSchema,
  FoundReservation: foundReservationSchema,
  VerifiedReservation: verifiedReservationSchema,
  ConnectedHotel: connectedHotelSchema,
  CheckoutSession: checkoutSessionResultSchema,
  CancelCheckoutResult: cancelCheckoutResultSchema,
  SessionStatus: sessionStatusSchema,
  SavedSearch: savedSearchSchema,
  SavedSearchList: savedSearchListSchema,
  PayoutAccount: payoutAccountSchema,
  OnboardingLink: onboardingLinkSchema,
  HotelPayouts: hotelPayoutsSchema,
  PublicConfig: publicConfigSchema,
  Photo: photoSchema,
  HotelPolicy: hotelPolicyViewSchema,
  PublishedPolicy: publishedPolicySchema,
  PolicyVersions: policyVersionsSchema,
  PolicyCatalog: policyCatalogSchema,
  PolicyEffects: policyEffectsSchema,
  StayApprovals: approvalsViewSchema,
  Error: errorEnvelopeSchema,
};

/** What each error code means; every error reply is the one `Error` shape with its code. */
const ERROR_MEANINGS: Record<ErrorCode, string> = {
  VALIDATION_ERROR:
    'The request is invalid (also a body that is not JSON). `details` lists `{ field, message }` per problem.',
  UNAUTHENTICATED: 'No bearer session token, or one that is expired, revoked or not this product’s.',
  FORBIDDEN: 'The caller may not do this (someone else’s resource, or a claimed user id that is not the caller).',
  NOT_FOUND: 'No such resource (a malformed id too).',
  CONFLICT: 'The resource’s state does not allow it now; `details.reason` or `details.status` says why.',
  PAYLOAD_TOO_LARGE: 'The body is over 100 kB.',
  HEADERS_TOO_LARGE: 'The request headers are over 16 kB (the connection then closes).',
  RATE_LIMITED: 'Too many requests; try again later.',
  INTERNAL_ERROR: 'An unexpected error; the reply says nothing about its cause.',
  UPSTREAM_ERROR: 'An outside service (the hotel system, the payment provider, the mail relay) failed.',
  SERVICE_UNAVAILABLE: 'The database does not answer.',
};

/** The one error shape, with this response's code. */
const errorWithCode = (code: string) => ({
  allOf: [schemaRef('Error'), { type: 'object', properties: { code: { const: code } } }],
});

type Paths = Record<string, Record<string, OperationSpec>>;
const AREAS: Paths[] = [
  systemPaths,
  listingsPaths,
  sellingPaths,
  buyingPaths,
  handoverPaths,
  alertsPaths,
  payoutsPaths,
  hotelsPaths,
  hotelPolicyPaths,
];

/** The areas' paths as one, each method of a path from exactly one area. */
function allPaths() {
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  for (const area of AREAS) {
    for (const [path, methods] of Object.entries(area)) {
      for (const [method, spec] of Object.entries(methods)) {
        paths[path] ??= {};
        if (paths[path][method]) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} is described twice`);
        paths[path][method] = operation(spec);
      }
    }
  }
  return paths;
}

/** The OpenAPI 3.1 document of the product's API (`/api/…`), served at GET /api/openapi.json. */
export function openApiDocument(publicUrl: string) {
  return {
    openapi: '3.1.1',
    info: {
      title: 'Restay API',
      version: API_VERSION,
      summary: 'Resell hotel reservations: search stays, list your own, buy one.',
      description:
        'JSON over HTTP. A success is `{ "success": true, "data": … }` (search adds `meta`); an error is its ' +
        'HTTP status with `{ "success": false, "code", "error", "details"? }`, each code with one status. ' +
        'Every reply carries an `X-Request-Id` header. Signed-in calls send the session’s access token as ' +
        '`Authorization: Bearer <token>`. Request schemas describe the shape; some checks (a real date, at ' +
        'most 2 decimals, a price the hotel paid) are only in the operation’s description. Unknown body ' +
        'fields are ignored, not refused.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: publicUrl }],
    tags: [
      'System',
      'Landing page',
      'Listings',
      'Selling',
      'Buying',
      'Handover',
      'Alerts',
      'Payouts',
      'Hotel console',
      'Hotels',
    ].map((name) => ({
      name,
    })),
    paths: allPaths(),
    components: {
      schemas: Object.fromEntries(Object.entries(NAMED_REPLIES).map(([name, schema]) => [name, replySchema(schema)])),
      responses: Object.fromEntries(
        Object.entries(ERROR_MEANINGS).map(([code, description]) => [
          code,
          { description: `${code}: ${description}`, content: { 'application/json': { schema: errorWithCode(code) } } },
        ]),
      ),
      securitySchemes: {
        [BEARER]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The access token of a session from the sign-in service (`/api/config` says where).',
        },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
