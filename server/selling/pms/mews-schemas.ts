import { z } from 'zod';

/**
 * The parts of Mews Connector API replies the adapter reads. Fields it does not read are not declared (zod
 * drops them), so additions on Mews' side never break parsing; a missing or mistyped field it does read does.
 */

const utcTime = z.iso.datetime({ offset: true }).transform((text) => new Date(text));
/** Localized texts keyed by language code, e.g. { "en-US": "Double Deluxe" }. */
const localizedText = z.record(z.string(), z.string().nullable());
const cursor = z.string().nullable().optional();

export const MEWS_RESERVATION_STATES = [
  'Inquired',
  'Confirmed',
  'Started',
  'Processed',
  'Canceled',
  'Optional',
  'Requested',
] as const;

export const mewsReservationSchema = z.object({
  Id: z.string().min(1),
  ServiceId: z.string().min(1),
  AccountId: z.string().min(1),
  AccountType: z.string(),
  Number: z.string().min(1),
  State: z.enum(MEWS_RESERVATION_STATES),
  RequestedResourceCategoryId: z.string().min(1),
  AssignedResourceId: z.string().nullable().optional(),
  // How the booking reached the hotel, which a hotel's resale policy reads (mews-channels.ts).
  RateId: z.string().nullable().optional(),
  Origin: z.string().nullable().optional(),
  CommanderOrigin: z.string().nullable().optional(),
  ChannelNumber: z.string().nullable().optional(),
  TravelAgencyId: z.string().nullable().optional(),
  PartnerCompanyId: z.string().nullable().optional(),
  AvailabilityBlockId: z.string().nullable().optional(),
  VoucherId: z.string().nullable().optional(),
  // Who cancelled a cancelled reservation (RequestedByGuest, ServiceNotAvailable, ...): a buyer's own
  // cancellation is not the hotel's.
  CancellationReason: z.string().nullable().optional(),
  ScheduledStartUtc: utcTime,
  ScheduledEndUtc: utcTime,
  PersonCounts: z
    .array(z.object({ Count: z.number().int().nonnegative() }))
    .nullable()
    .optional(),
});
export type MewsReservation = z.infer<typeof mewsReservationSchema>;

export const reservationsReplySchema = z.object({ Reservations: z.array(mewsReservationSchema), Cursor: cursor });

export const customersReplySchema = z.object({
  Customers: z.array(
    z.object({
      Id: z.string(),
      FirstName: z.string().nullable().optional(),
      LastName: z.string().nullable().optional(),
      Email: z.string().nullable().optional(),
      HasOtaEmail: z.boolean().nullable().optional(),
    }),
  ),
  Cursor: cursor,
});

/** customers/add answers the customer it created (or, with OverwriteExisting, updated). */
export const addedCustomerReplySchema = z.object({ Id: z.string() });
/** tasks/add answers the new task's id. */
export const addedTaskReplySchema = z.object({ TaskId: z.string() });
/** serviceOrderNotes/add answers the notes it added. */
export const addedNotesReplySchema = z.object({
  ServiceOrderNotes: z.array(
    z.object({
      Id: z.string(),
      OrderId: z.string(),
      Text: z.string().nullish(),
      Type: z.string(),
      CreatedUtc: z.string().nullish(),
      UpdatedUtc: z.string().nullish(),
    }),
  ),
});
/** reservations/updateCustomer answers an empty object. */
export const emptyReplySchema = z.object({});

export const resourcesReplySchema = z.object({
  Resources: z.array(z.object({ Id: z.string(), Name: z.string() })),
  Cursor: cursor,
});

export const resourceCategoriesReplySchema = z.object({
  ResourceCategories: z.array(z.object({ Id: z.string(), Names: localizedText, IsActive: z.boolean().optional() })),
  Cursor: cursor,
});

export const servicesReplySchema = z.object({
  Services: z.array(
    z.object({
      Id: z.string(),
      IsActive: z.boolean().optional(),
      Data: z.object({ Discriminator: z.string() }).nullable().optional(),
    }),
  ),
  Cursor: cursor,
});

export const ratesReplySchema = z.object({
  Rates: z.array(
    z.object({
      Id: z.string(),
      GroupId: z.string().nullable().optional(),
      IsActive: z.boolean().optional(),
      Names: localizedText.nullable().optional(),
      ShortName: z.string().nullable().optional(),
    }),
  ),
  Cursor: cursor,
});

export const rateGroupsReplySchema = z.object({
  RateGroups: z.array(z.object({ Id: z.string(), Names: localizedText.nullable().optional() })),
  Cursor: cursor,
});

const coordinate = z.number().nullable().optional();

export const configurationReplySchema = z.object({
  Enterprise: z.object({
    Id: z.string(),
    Name: z.string().min(1),
    ChainId: z.string().nullable().optional(),
    TimeZoneIdentifier: z.string().nullable().optional(),
    Address: z
      .object({
        Line1: z.string().nullable().optional(),
        Line2: z.string().nullable().optional(),
        City: z.string().nullable().optional(),
        PostalCode: z.string().nullable().optional(),
        CountryCode: z.string().nullable().optional(),
        Latitude: coordinate,
        Longitude: coordinate,
      })
      .nullable()
      .optional(),
    Currencies: z.array(
      z.object({ Currency: z.string().min(3), IsDefault: z.boolean(), IsEnabled: z.boolean().optional() }),
    ),
  }),
});

export const orderItemsReplySchema = z.object({
  OrderItems: z.array(
    z.object({
      Id: z.string(),
      AccountingState: z.string(),
      Amount: z.object({ Currency: z.string().min(3), GrossValue: z.number() }),
    }),
  ),
  Cursor: cursor,
});

/** Mews' error body; only logged, never shown (its texts are not specified). */
export const errorReplySchema = z.object({ Message: z.string() });

/** A Mews time filter (`UpdatedUtc`, `ScheduledStartUtc`, ...): start inclusive, end exclusive, UTC. */
export interface MewsInterval {
  StartUtc: string;
  EndUtc: string;
}

/**
 * Mews' Integration Webhook: one POST per event, `{Action, Data}`. `IntegrationCreated` carries the enterprise,
 * the requestor (or null) and the new access token; `IntegrationApiKeyCreated` the new key; every other action
 * only the integration (and `IntegrationDeleted` its time). Unknown fields and actions are tolerated.
 */
export const INTEGRATION_ACTIONS = [
  'IntegrationCreated',
  'IntegrationEnabled',
  'IntegrationDisabled',
  'IntegrationCanceled',
  'IntegrationReinstated',
  'IntegrationDeleted',
  'IntegrationApiKeyCreated',
] as const;
export type IntegrationAction = (typeof INTEGRATION_ACTIONS)[number];

const integrationRef = z.object({ Id: z.string().min(1).max(200), Name: z.string().max(500).optional() });

export const integrationCreatedDataSchema = z.object({
  Enterprise: z.object({ Id: z.string().min(1).max(200), Name: z.string().min(1).max(200) }),
  Service: z
    .object({ Id: z.string().max(200), Name: z.string().max(500) })
    .nullable()
    .optional(),
  Requestor: z
    .object({ Name: z.string().max(500).nullable().optional(), Email: z.string().max(254).nullable().optional() })
    .nullable()
    .optional(),
  AccessToken: z.string().min(1).max(500),
  CreatedUtc: z.string().max(100),
  IsEnabled: z.boolean(),
  Integration: integrationRef,
});
export const integrationApiKeyCreatedDataSchema = z.object({
  Integration: integrationRef,
  ApiKey: z.string().min(1).max(500),
});
export const integrationStateDataSchema = z.object({
  Integration: integrationRef,
  DeletedUtc: z.string().max(100).optional(),
});
export const integrationEventSchema = z.object({ Action: z.string().min(1).max(100), Data: z.unknown() });

/** orders/add's reply. */
export const addedOrderReplySchema = z.object({ OrderId: z.string().min(1) });
/** payments/addExternal's reply. */
export const addedExternalPaymentReplySchema = z.object({ ExternalPaymentId: z.string().min(1) });
