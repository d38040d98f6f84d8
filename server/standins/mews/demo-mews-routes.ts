import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { systemClock, type Clock } from '../../clock.ts';
import type { Database } from '../../db/schema.ts';
import { DEMO_MEWS_CLIENT_TOKEN } from '../demo/demo-data.ts';
import {
  configurationReply,
  customersReply,
  orderItemsReply,
  reservationsReply,
  resourceCategoriesReply,
  resourcesReply,
  type Enterprise,
} from './demo-mews-replies.ts';
import { rateGroupsReply, ratesReply, servicesReply } from './demo-mews-rates.ts';
import { enterpriseByAccessToken } from './demo-mews-enterprises.ts';
import { addCustomer, DemoMewsRefusal, updateReservationCustomer } from './demo-mews-writes.ts';
import { addServiceOrderNotes, addTask } from './demo-mews-tasks.ts';
import { addExternalPayment, addExternalPaymentRequest, addOrder, addOrderRequest } from './demo-mews-bills.ts';
import { MEWS_RESERVATION_STATES } from '../../selling/pms/mews-schemas.ts';
import type { DemoMewsDelays } from './demo-mews-delays.ts';

/**
 * The demo PMS: the Mews Connector API calls the Mews adapter makes (POST /api/connector/v1/...), answered from
 * the demo PMS tables. Like Mews it authenticates by the tokens in the body (401 on a wrong one), gives each
 * access token its own hotel, insists on `Limitation` and the other required fields (400 `Invalid <field>`),
 * and errs as `{ Message }`. A hotel given a delay (`delays`) answers that much later, or not at all. The lead
 * mounts it at /demo-mews, never in production.
 */
export function demoMewsRouter({
  db,
  clock = systemClock,
  delays,
}: {
  db: Kysely<Database>;
  clock?: Clock;
  delays?: DemoMewsDelays;
}): Router {
  const router = Router();
  router.use(express.json({ limit: '100kb' }));
  const enterpriseOf = enterpriseByAccessToken(db);

  /** One operation: authenticate, validate the body with `schema`, answer with `reply`. */
  const operation = <S extends z.ZodType>(
    path: string,
    schema: S,
    reply: (enterprise: Enterprise, body: z.infer<S>) => unknown,
  ) => {
    router.post(`/api/connector/v1/${path}`, async (req: Request, res: Response) => {
      const enterprise = await authenticate(enterpriseOf, req, res);
      if (!enterprise) return;
      if (delays && !(await delays.hold(enterprise.id, res))) return;
      const parsed = schema.safeParse(req.body);
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path[0];
        res.status(400).json(mewsError(field ? `Invalid ${String(field)}` : 'Invalid request'));
        return;
      }
      try {
        res.json(await reply(enterprise, parsed.data));
      } catch (error) {
        if (!(error instanceof DemoMewsRefusal)) throw error;
        res.status(error.status).json(mewsError(error.message));
      }
    });
  };

  operation('reservations/getAll/2023-06-06', reservationsRequest, (enterprise, body) =>
    reservationsReply(db, enterprise, body),
  );
  operation('customers/getAll', customersRequest, (enterprise, body) => customersReply(db, enterprise, body));
  operation('resources/getAll', resourcesRequest, (enterprise, body) => resourcesReply(db, enterprise, body));
  operation('resourceCategories/getAll', resourceCategoriesRequest, (enterprise, body) =>
    resourceCategoriesReply(db, enterprise, body),
  );
  operation('services/getAll', z.object({ Limitation: limitation }), (enterprise) => servicesReply(enterprise));
  operation('rates/getAll', ratesRequest, (enterprise, body) => ratesReply(db, enterprise, body));
  operation('rateGroups/getAll', rateGroupsRequest, (enterprise, body) => rateGroupsReply(db, enterprise, body));
  operation('configuration/get', z.object({}), (enterprise) => configurationReply(enterprise, clock()));
  operation('orderItems/getAll', orderItemsRequest, (enterprise, body) => orderItemsReply(db, enterprise, body));
  operation('customers/add', addCustomerRequest, (enterprise, body) => addCustomer(db, enterprise, body));
  operation('reservations/updateCustomer', updateCustomerRequest, (enterprise, body) =>
    updateReservationCustomer(db, enterprise, body),
  );
  operation('orders/add', addOrderRequest, (enterprise, body) => addOrder(db, enterprise, body));
  operation('payments/addExternal', addExternalPaymentRequest, (enterprise, body) =>
    addExternalPayment(db, enterprise, body),
  );

  operation('tasks/add', addTaskRequest, (enterprise, body) => addTask(db, enterprise, body, clock()));
  operation('serviceOrderNotes/add', addNotesRequest, (enterprise, body) =>
    addServiceOrderNotes(db, enterprise, body, clock()),
  );

  router.use((_req, res) => {
    res.status(404).json(mewsError('Not found'));
  });
  const onError: ErrorRequestHandler = (error: { type?: string; status?: number }, _req, res, _next) => {
    if (error.type === 'entity.parse.failed') res.status(400).json(mewsError('Invalid JSON'));
    else if (error.status === 413) res.status(413).json(mewsError('Request too large'));
    else res.status(500).json(mewsError('Server error'));
  };
  router.use(onError);
  return router;
}

const guids = z.array(z.guid()).max(1000);
const limitation = z.object({ Count: z.int().min(1).max(1000), Cursor: z.guid().nullable().optional() });

/** Mews refuses a time filter longer than three months, or one that ends before it starts. */
const interval = z.object({ StartUtc: z.iso.datetime(), EndUtc: z.iso.datetime() }).refine(({ StartUtc, EndUtc }) => {
  const latestEnd = new Date(StartUtc);
  latestEnd.setUTCMonth(latestEnd.getUTCMonth() + 3);
  return new Date(EndUtc) > new Date(StartUtc) && new Date(EndUtc) <= latestEnd;
});
const reservationsRequest = z.object({
  ReservationIds: guids.optional(),
  Numbers: z.array(z.string()).max(1000).optional(),
  States: z.array(z.enum(MEWS_RESERVATION_STATES)).optional(),
  UpdatedUtc: interval.optional(),
  ScheduledStartUtc: interval.optional(),
  Limitation: limitation,
});
const customersRequest = z.object({
  CustomerIds: guids.optional(),
  Emails: z.array(z.string()).max(1000).optional(),
  Extent: z.object({ Customers: z.boolean(), Addresses: z.boolean().optional() }),
  Limitation: limitation,
});
const resourcesRequest = z.object({
  ResourceIds: guids.optional(),
  Extent: z.object({ Resources: z.boolean() }),
  Limitation: limitation,
});
const activityStates = z.array(z.enum(['Active', 'Deleted'])).optional();
const resourceCategoriesRequest = z.object({
  ServiceIds: guids.min(1),
  ResourceCategoryIds: guids.optional(),
  ActivityStates: activityStates,
  Limitation: limitation,
});
/** rates/getAll requires ServiceIds; rateGroups/getAll requires ServiceIds or RateGroupIds. */
const ratesRequest = z.object({
  ServiceIds: guids.min(1),
  RateIds: guids.optional(),
  ActivityStates: activityStates,
  Extent: z.object({ Rates: z.boolean().optional(), AvailabilityBlockAssignments: z.boolean() }).optional(),
  Limitation: limitation,
});
const rateGroupsRequest = z
  .object({
    ServiceIds: guids.optional(),
    RateGroupIds: guids.optional(),
    ActivityStates: activityStates,
    Limitation: limitation,
  })
  .refine((body) => body.ServiceIds || body.RateGroupIds, { path: ['ServiceIds'] });
const orderItemsRequest = z.object({ ServiceOrderIds: guids.min(1), Limitation: limitation });
const addCustomerRequest = z.object({
  FirstName: z.string().nullable().optional(),
  LastName: z.string().trim().min(1),
  Email: z.string().nullable().optional(),
  OverwriteExisting: z.boolean(),
});
const updateCustomerRequest = z.object({ ReservationId: z.guid(), CustomerId: z.guid() });
/** tasks/add requires Name and DeadlineUtc; Description, ServiceOrderId and DepartmentId are optional. */
const addTaskRequest = z.object({
  Name: z.string().trim().min(1),
  Description: z.string().nullable().optional(),
  DeadlineUtc: z.iso.datetime(),
  ServiceOrderId: z.guid().nullable().optional(),
  DepartmentId: z.guid().nullable().optional(),
});
/** serviceOrderNotes/add: at most 1000 notes, each with its ServiceOrderId and Text. */
const addNotesRequest = z.object({
  ServiceOrderNotes: z
    .array(z.object({ ServiceOrderId: z.guid(), Text: z.string().min(1) }))
    .min(1)
    .max(1000),
});

const tokens = z.object({ ClientToken: z.string(), AccessToken: z.string(), Client: z.string() });

/** The enterprise of the body's access token, or a reply as Mews gives it (and undefined). */
async function authenticate(
  enterpriseOf: ReturnType<typeof enterpriseByAccessToken>,
  req: Request,
  res: Response,
): Promise<Enterprise | undefined> {
  const body = tokens.safeParse(req.body);
  if (!body.success) {
    const field = body.error.issues[0]?.path[0];
    res
      .status(req.body && typeof req.body === 'object' ? 401 : 400)
      .json(mewsError(field ? `Invalid ${String(field)}` : 'Invalid JSON'));
    return undefined;
  }
  if (body.data.ClientToken !== DEMO_MEWS_CLIENT_TOKEN) {
    res.status(401).json(mewsError('Invalid ClientToken'));
    return undefined;
  }
  if (!body.data.Client.trim()) {
    res.status(400).json(mewsError('Invalid Client'));
    return undefined;
  }
  const enterprise = await enterpriseOf(body.data.AccessToken);
  if (!enterprise) res.status(401).json(mewsError('Invalid AccessToken'));
  return enterprise;
}

function mewsError(message: string) {
  return { Message: message, RequestId: null, Details: null };
}
