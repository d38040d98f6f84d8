import type { Selectable } from 'kysely';
import type { Executor } from '../../db/transaction.ts';
import type { DemoPmsEnterprisesTable } from '../../db/schema.ts';
import type { MewsInterval } from '../../selling/pms/mews-schemas.ts';

/**
 * The demo PMS's answers, read from its tables and shaped exactly as the Mews Connector API shapes them
 * (field names, nesting, UTC times without milliseconds, amounts as decimal numbers, `Cursor` = last id).
 * Every query is confined to the enterprise the access token belongs to.
 */

export type Enterprise = Selectable<DemoPmsEnterprisesTable>;
export interface Page {
  Count: number;
  Cursor?: string | null;
}

/** Every demo hotel has the one age category its guests book in. */
const ADULT_AGE_CATEGORY_ID = 'b0000000-0000-4000-8000-000000000001';
const utc = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString().replace(/\.\d{3}Z$/, 'Z');
const major = (cents: number) => cents / 100;
const cursorOf = (rows: { id: string }[]) => rows.at(-1)?.id ?? null;

export async function reservationsReply(
  db: Executor,
  enterprise: Enterprise,
  filter: {
    ReservationIds?: string[];
    Numbers?: string[];
    States?: string[];
    UpdatedUtc?: MewsInterval;
    ScheduledStartUtc?: MewsInterval;
    Limitation: Page;
  },
) {
  let query = db.selectFrom('demo_pms_reservations').selectAll().where('enterprise_id', '=', enterprise.id);
  if (filter.ReservationIds) query = query.where('id', 'in', orNone(filter.ReservationIds));
  if (filter.Numbers) query = query.where('number', 'in', orNone(filter.Numbers));
  if (filter.States) query = query.where('state', 'in', orNone(filter.States));
  const { UpdatedUtc: updated, ScheduledStartUtc: start } = filter;
  // A demo reservation changes only when it is made or cancelled.
  if (updated)
    query = query
      .where((eb) => eb(eb.fn.coalesce('cancelled_utc', 'created_utc'), '>=', new Date(updated.StartUtc)))
      .where((eb) => eb(eb.fn.coalesce('cancelled_utc', 'created_utc'), '<', new Date(updated.EndUtc)));
  if (start)
    query = query
      .where('scheduled_start_utc', '>=', new Date(start.StartUtc))
      .where('scheduled_start_utc', '<', new Date(start.EndUtc));
  const rows = await paged(query, filter.Limitation).execute();
  return {
    Reservations: rows.map((r) => ({
      Id: r.id,
      ServiceId: enterprise.service_id,
      AccountId: r.customer_id,
      AccountType: 'Customer',
      BookerId: r.customer_id,
      Number: r.number,
      State: r.state,
      Origin: r.origin,
      CreatedUtc: utc(r.created_utc),
      UpdatedUtc: utc(r.cancelled_utc ?? r.created_utc),
      CancelledUtc: utc(r.cancelled_utc),
      Options: {
        OwnerCheckedIn: r.state === 'Started',
        AllCompanionsCheckedIn: r.state === 'Started',
        AnyCompanionCheckedIn: r.state === 'Started',
        ConnectorCheckIn: false,
      },
      RateId: r.rate_id,
      VoucherId: r.voucher_id,
      TravelAgencyId: r.travel_agency_id,
      PartnerCompanyId: r.partner_company_id,
      AvailabilityBlockId: r.availability_block_id,
      CommanderOrigin: null,
      RequestedResourceCategoryId: r.category_id,
      AssignedResourceId: r.resource_id,
      AssignedResourceLocked: false,
      ChannelNumber: r.channel_number,
      // Only the demo hotel's staff cancel (Cancel on /dev/pms): the hotel's own reason, as Mews records it.
      CancellationReason: r.state === 'Canceled' ? 'ServiceNotAvailable' : null,
      // Still returned by Mews beside the Scheduled* pair, though deprecated.
      StartUtc: utc(r.scheduled_start_utc),
      EndUtc: utc(r.scheduled_end_utc),
      ScheduledStartUtc: utc(r.scheduled_start_utc),
      ActualStartUtc: r.state === 'Started' ? utc(r.scheduled_start_utc) : null,
      ScheduledEndUtc: utc(r.scheduled_end_utc),
      ActualEndUtc: null,
      Purpose: 'Leisure',
      PersonCounts: [{ AgeCategoryId: ADULT_AGE_CATEGORY_ID, Count: r.adult_count }],
    })),
    Cursor: cursorOf(rows),
  };
}

export async function customersReply(
  db: Executor,
  enterprise: Enterprise,
  filter: { CustomerIds?: string[]; Emails?: string[]; Limitation: Page },
) {
  let query = db.selectFrom('demo_pms_customers').selectAll().where('enterprise_id', '=', enterprise.id);
  if (filter.CustomerIds) query = query.where('id', 'in', orNone(filter.CustomerIds));
  if (filter.Emails) query = query.where('email', 'in', orNone(filter.Emails));
  const rows = await paged(query, filter.Limitation).execute();
  return {
    Customers: rows.map((c) => ({
      Id: c.id,
      ChainId: enterprise.id,
      FirstName: c.first_name,
      LastName: c.last_name,
      Email: c.email,
      HasOtaEmail: c.has_ota_email,
      Phone: null,
      LanguageCode: 'en-US',
      IsActive: true,
    })),
    Documents: null,
    Cursor: cursorOf(rows),
  };
}

export async function resourcesReply(
  db: Executor,
  enterprise: Enterprise,
  filter: { ResourceIds?: string[]; Limitation: Page },
) {
  let query = db.selectFrom('demo_pms_resources').selectAll().where('enterprise_id', '=', enterprise.id);
  if (filter.ResourceIds) query = query.where('id', 'in', orNone(filter.ResourceIds));
  const rows = await paged(query, filter.Limitation).execute();
  return {
    Resources: rows.map((r) => ({
      Id: r.id,
      EnterpriseId: enterprise.id,
      IsActive: true,
      ParentResourceId: null,
      Name: r.name,
      State: 'Clean',
      Descriptions: {},
      ExternalNames: {},
      Directions: {},
      Data: { Discriminator: 'Space', Value: { FloorNumber: r.floor_number, LocationNotes: null } },
    })),
    Cursor: cursorOf(rows),
  };
}

export async function resourceCategoriesReply(
  db: Executor,
  enterprise: Enterprise,
  filter: { ServiceIds: string[]; ResourceCategoryIds?: string[]; Limitation: Page },
) {
  // Every category belongs to the enterprise's one bookable service: asked for other services, there are none.
  if (!filter.ServiceIds.includes(enterprise.service_id)) return { ResourceCategories: [], Cursor: null };
  let query = db.selectFrom('demo_pms_resource_categories').selectAll().where('enterprise_id', '=', enterprise.id);
  if (filter.ResourceCategoryIds) query = query.where('id', 'in', orNone(filter.ResourceCategoryIds));
  const rows = await paged(query, filter.Limitation).execute();
  return {
    ResourceCategories: rows.map((c) => ({
      Id: c.id,
      EnterpriseId: enterprise.id,
      ServiceId: enterprise.service_id,
      IsActive: true,
      Type: c.type,
      Names: { 'en-US': c.name },
      ShortNames: { 'en-US': c.short_name },
      Descriptions: {},
      Capacity: c.capacity,
      ExtraCapacity: 0,
    })),
    Cursor: cursorOf(rows),
  };
}

export function configurationReply(enterprise: Enterprise, now: Date) {
  return {
    NowUtc: utc(now),
    Enterprise: {
      Id: enterprise.id,
      ChainId: null,
      ChainName: null,
      Name: enterprise.name,
      ShortName: null,
      TimeZoneIdentifier: enterprise.time_zone,
      DefaultLanguageCode: 'en-US',
      WebsiteUrl: null,
      Email: null,
      Phone: null,
      Pricing: 'Gross',
      Address: {
        Id: enterprise.id,
        Line1: enterprise.address_line1,
        Line2: null,
        City: enterprise.city,
        PostalCode: enterprise.postal_code,
        CountryCode: enterprise.country_code,
        CountrySubdivisionCode: null,
        Latitude: enterprise.latitude,
        Longitude: enterprise.longitude,
      },
      Currencies: [{ Currency: enterprise.currency, IsDefault: true, IsEnabled: true }],
      IsPortfolio: false,
    },
  };
}

export async function orderItemsReply(
  db: Executor,
  enterprise: Enterprise,
  filter: { ServiceOrderIds: string[]; Limitation: Page },
) {
  let query = db
    .selectFrom('demo_pms_order_items as item')
    .innerJoin('demo_pms_reservations as reservation', 'reservation.id', 'item.reservation_id')
    .selectAll('item')
    .select(['reservation.customer_id', 'reservation.cancelled_utc'])
    .where('reservation.enterprise_id', '=', enterprise.id)
    .where('item.reservation_id', 'in', orNone(filter.ServiceOrderIds))
    .orderBy('item.id')
    .limit(filter.Limitation.Count);
  if (filter.Limitation.Cursor) query = query.where('item.id', '>', filter.Limitation.Cursor);
  const rows = await query.execute();
  return {
    OrderItems: rows.map((item) => {
      const taxCents = item.gross_cents - item.net_cents;
      const amount = (share: number) => ({
        Currency: item.currency,
        NetValue: major(item.net_cents / share),
        GrossValue: major(item.gross_cents / share),
        TaxValues: item.tax_code ? [{ Code: item.tax_code, Value: major(taxCents / share) }] : [],
        Breakdown: {
          Items: [
            { TaxRateCode: item.tax_code, NetValue: major(item.net_cents / share), TaxValue: major(taxCents / share) },
          ],
        },
      });
      return {
        Id: item.id,
        EnterpriseId: enterprise.id,
        AccountId: item.customer_id,
        ServiceId: enterprise.service_id,
        ServiceOrderId: item.reservation_id,
        BillId: null,
        AccountingCategoryId: null,
        UnitCount: item.unit_count,
        UnitAmount: amount(item.unit_count),
        Amount: amount(1),
        OriginalAmount: amount(1),
        Type: item.type,
        AccountingState: item.accounting_state,
        ConsumedUtc: utc(item.consumed_utc),
        CanceledUtc: item.accounting_state === 'Canceled' ? utc(item.cancelled_utc ?? item.consumed_utc) : null,
        ClosedUtc: null,
      };
    }),
    Cursor: cursorOf(rows),
  };
}

/** `IN ()` is not SQL: an empty filter list matches nothing, as in Mews. */
function orNone(values: string[]): string[] {
  return values.length ? values : ['00000000-0000-0000-0000-000000000000'];
}

/** Mews pages by id: `Cursor` is the last id of the previous page. */
function paged<
  Q extends { orderBy(column: 'id'): Q; limit(count: number): Q; where(column: 'id', op: '>', value: string): Q },
>(query: Q, limitation: Page): Q {
  const ordered = query.orderBy('id').limit(limitation.Count);
  return limitation.Cursor ? ordered.where('id', '>', limitation.Cursor) : ordered;
}
