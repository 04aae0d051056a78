import { z } from 'zod';

/** Headers the proxy sets itself; a student's value for them would only confuse the request. */
const OWN_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding']);

/** POST /api/data/{project}/fetch: a URL to fetch on the student's behalf (docs/security.md). */
export const fetchBody = z.object({
  url: z.string().trim().min(1, 'url is required').max(2048, 'url is too long'),
  method: z.enum(['GET', 'POST', 'HEAD']).default('GET'),
  headers: z
    .record(z.string().max(256), z.string().max(4096))
    .refine((headers) => Object.keys(headers).length <= 32, 'At most 32 headers')
    .transform((headers) =>
      Object.fromEntries(
        Object.entries(headers).filter(([name]) => !OWN_HEADERS.has(name.toLowerCase())),
      ),
    )
    .optional(),
  body: z
    .string()
    .max(1024 * 1024, 'body is larger than 1 MB')
    .optional(),
});
