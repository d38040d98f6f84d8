import type { Executor } from '../../db/transaction.ts';
import type { Enterprise, Page } from './demo-mews-replies.ts';

/**
 * The demo PMS's services, rates and rate groups, shaped as Mews' services/getAll, rates/getAll and
 * rateGroups/getAll answer them. A demo hotel has one bookable service (accommodation); every rate and rate
 * group belongs to it. Paged by id like every demo getAll.
 */

const cursorOf = (rows: { id: string }[]) => rows.at(-1)?.id ?? null;

export function servicesReply(enterprise: Enterprise) {
  return {
    Services: [
      {
        Id: enterprise.service_id,
        EnterpriseId: enterprise.id,
        IsActive: true,
        Name: 'Accommodation',
        Options: { BillAsPackage: false },
        Data: { Discriminator: 'Bookable', Value: {} },
        ExternalIdentifier: null,
      },
    ],
    Cursor: enterprise.service_id,
  };
}

export async function ratesReply(
  db: Executor,
  enterprise: Enterprise,
  filter: { ServiceIds: string[]; RateIds?: string[]; Limitation: Page },
) {
  if (!filter.ServiceIds.includes(enterprise.service_id)) return { Rates: [], Cursor: null };
  let query = db.selectFrom('demo_pms_rates').selectAll().where('enterprise_id', '=', enterprise.id).orderBy('id');
  if (filter.RateIds) query = query.where('id', 'in', filter.RateIds.length ? filter.RateIds : ['']);
  if (filter.Limitation.Cursor) query = query.where('id', '>', filter.Limitation.Cursor);
  const rows = await query.limit(filter.Limitation.Count).execute();
  return {
    Rates: rows.map((rate) => ({
      Id: rate.id,
      GroupId: rate.group_id,
      ServiceId: enterprise.service_id,
      BaseRateId: null,
      IsBaseRate: true,
      BusinessSegmentId: null,
      IsActive: true,
      IsEnabled: true,
      IsPublic: rate.is_public,
      IsDefault: false,
      Type: rate.is_public ? 'Public' : 'Private',
      Names: { 'en-US': rate.name },
      ShortName: rate.short_name,
      ExternalNames: {},
      Description: {},
      ExternalIdentifier: null,
    })),
    Cursor: cursorOf(rows),
  };
}

export async function rateGroupsReply(
  db: Executor,
  enterprise: Enterprise,
  filter: { ServiceIds?: string[]; RateGroupIds?: string[]; Limitation: Page },
) {
  if (filter.ServiceIds && !filter.ServiceIds.includes(enterprise.service_id)) return { RateGroups: [], Cursor: null };
  let query = db
    .selectFrom('demo_pms_rate_groups')
    .selectAll()
    .where('enterprise_id', '=', enterprise.id)
    .orderBy('id');
  if (filter.RateGroupIds) query = query.where('id', 'in', filter.RateGroupIds.length ? filter.RateGroupIds : ['']);
  if (filter.Limitation.Cursor) query = query.where('id', '>', filter.Limitation.Cursor);
  const rows = await query.limit(filter.Limitation.Count).execute();
  return {
    RateGroups: rows.map((group) => ({
      Id: group.id,
      ServiceId: enterprise.service_id,
      IsActive: true,
      Ordering: group.ordering,
      Names: { 'en-US': group.name },
      ShortNames: { 'en-US': group.name },
      Descriptions: {},
      ExternalIdentifier: null,
    })),
    Cursor: cursorOf(rows),
  };
}
