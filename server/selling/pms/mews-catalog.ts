import type { ZodType } from 'zod';
import type { PolicyCatalog } from '../../../contract/resale-policy.ts';
import type { ConnectorCall } from './mews-connector.ts';
import { englishOrFirst } from './mews-names.ts';
import {
  rateGroupsReplySchema,
  ratesReplySchema,
  resourceCategoriesReplySchema,
  servicesReplySchema,
} from './mews-schemas.ts';

const PAGE = 1000;
/** A hotel with more than this many pages of rates is not one the console can show on one screen anyway. */
const MAX_PAGES = 5;

/**
 * What a hotel can choose from in its resale policy, read from its own system: the bookable services'
 * active rates (services/getAll, rates/getAll) with their rate groups (rateGroups/getAll) and the active room
 * types (resourceCategories/getAll), each named as the hotel names it (English where it has it).
 */
export async function readMewsCatalog(call: ConnectorCall, accessToken: string): Promise<PolicyCatalog> {
  const services = await readAll(call, accessToken, 'services/getAll', {}, servicesReplySchema, (r) => r.Services);
  const serviceIds = services
    .filter((service) => service.IsActive !== false && (service.Data?.Discriminator ?? 'Bookable') === 'Bookable')
    .map((service) => service.Id);
  if (!serviceIds.length) return { rates: [], roomTypes: [] };
  const active = { ServiceIds: serviceIds, ActivityStates: ['Active'] };
  const [rates, groups, categories] = await Promise.all([
    readAll(
      call,
      accessToken,
      'rates/getAll',
      { ...active, Extent: { Rates: true, AvailabilityBlockAssignments: false } },
      ratesReplySchema,
      (r) => r.Rates,
    ),
    readAll(call, accessToken, 'rateGroups/getAll', active, rateGroupsReplySchema, (r) => r.RateGroups),
    readAll(
      call,
      accessToken,
      'resourceCategories/getAll',
      active,
      resourceCategoriesReplySchema,
      (r) => r.ResourceCategories,
    ),
  ]);
  const groupName = new Map(groups.map((group) => [group.Id, group.Names ? englishOrFirst(group.Names) : null]));
  return {
    rates: rates
      .filter((rate) => rate.IsActive !== false)
      .map((rate) => ({
        id: rate.Id,
        name: (rate.Names && englishOrFirst(rate.Names)) || rate.ShortName?.trim() || rate.Id,
        group: (rate.GroupId && groupName.get(rate.GroupId)) || null,
      })),
    roomTypes: categories
      .filter((category) => category.IsActive !== false)
      .map((category) => ({ id: category.Id, name: englishOrFirst(category.Names) ?? category.Id })),
  };
}

/** Every page of a getAll, following `Cursor` until a short page or none. */
async function readAll<Reply extends { Cursor?: string | null }, Item>(
  call: ConnectorCall,
  accessToken: string,
  operation: string,
  filter: Record<string, unknown>,
  schema: ZodType<Reply>,
  items: (reply: Reply) => Item[],
): Promise<Item[]> {
  const all: Item[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const reply: Reply = await call(
      accessToken,
      operation,
      { ...filter, Limitation: { Count: PAGE, Cursor: cursor } },
      schema,
    );
    const got = items(reply);
    all.push(...got);
    cursor = reply.Cursor ?? null;
    if (!cursor || got.length < PAGE) break;
  }
  return all;
}
