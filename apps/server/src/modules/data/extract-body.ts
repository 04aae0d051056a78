import { z } from 'zod';

/** A page's URL as the data endpoints take it; lib/outbound judges where it may lead. */
export const pageUrl = z.string().trim().min(1, 'url is required').max(2048, 'url is too long');

/** POST /api/data/{project}/extract-from-url. */
export const extractFromUrlBody = z.object({ url: pageUrl });
