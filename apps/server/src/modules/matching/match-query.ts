import { z } from 'zod';

/** At most this many cards a page; a page is never the whole table. */
export const MATCH_PAGE_MAX = 50;
/** Offsets past this are refused: a recommendation is read from its top, not crawled. */
export const MATCH_OFFSET_MAX = 500;

/**
 * A text of the query string, trimmed. No NUL: neither database's text can hold one, and on
 * PostgreSQL a search is written into its SQL (db/dialects/types.ts, `valueInSql`).
 */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !value.includes('\0'), 'must not contain a NUL character')
    .default('');

/**
 * The query string of both recommendation routes. Strict, so an unknown key (or a repeated one,
 * which arrives as an array) is a 400 rather than silently ignored.
 */
export const matchQuery = z
  .object({
    /** docs/product.md §2.9 and §2.11: everyone, my university, or my university and my city. */
    scope: z.enum(['all', 'university', 'nearby']).default('all'),
    search: text(100),
    /** Explore's skill filter: one whole skill, compared as a tag. */
    skill: text(50),
    /** Find Collaborators' role filter. */
    role: text(50),
    limit: z.coerce.number().int().min(1).max(MATCH_PAGE_MAX).default(12),
    offset: z.coerce.number().int().min(0).max(MATCH_OFFSET_MAX).default(0),
  })
  .strict();

export type MatchQuery = z.infer<typeof matchQuery>;
