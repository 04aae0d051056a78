import { z } from 'zod';

/** POST /api/data/{project}/search. */
export const searchBody = z.object({
  query: z.string().trim().min(1, 'query is required').max(500, 'query is at most 500 characters'),
  limit: z
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit is at least 1')
    .max(50, 'limit is at most 50')
    .default(10),
});
