import { z } from 'zod';
import { isValidSelector } from './css-selector';
import { pageUrl } from './extract-body';

const MAX_SELECTORS = 20;

/** Field names become keys of the answer's `fields`, so they stay plain words. */
const fieldName = z
  .string()
  .regex(
    /^(?!__proto__$)[A-Za-z0-9_-]{1,64}$/,
    'Selector names are 1 to 64 letters, digits, "_" or "-" (and not "__proto__")',
  );

const selector = z
  .string()
  .trim()
  .min(1, 'A selector must not be empty')
  .max(1000, 'A selector is at most 1000 characters')
  .refine(isValidSelector, { error: (issue) => `Invalid CSS selector: ${String(issue.input)}` });

/** POST /api/data/{project}/scrape: a page and, optionally, named CSS selectors to read. */
export const scrapeBody = z.object({
  url: pageUrl,
  // Counted before any selector is compiled, so a body of ten thousand costs nothing.
  selectors: z
    .record(z.string(), z.unknown())
    .refine(
      (selectors) => Object.keys(selectors).length <= MAX_SELECTORS,
      `At most ${MAX_SELECTORS} selectors`,
    )
    .pipe(z.record(fieldName, selector))
    .optional(),
});
