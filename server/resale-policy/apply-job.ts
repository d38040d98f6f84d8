import { z } from 'zod';
import { defineJobType } from '../jobs/job-type.ts';

/**
 * Brings a hotel's listings in line after its standing changed outside the console (its integration suspended
 * or restored). Defined here, below both, so the hotels' integration events can queue the work that the hotel
 * policy layer (server/hotel-policy/register-jobs.ts) carries out.
 */
export const APPLY_HOTEL_POLICY = defineJobType('resale_policy.apply', z.object({ hotelId: z.guid() }));
