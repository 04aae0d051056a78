import { z } from 'zod';

/** True for an http(s) URL; `javascript:` and other schemes are refused (docs/product.md §10.1). */
export function isHttpUrl(value: string): boolean {
  const url = URL.parse(value);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:');
}

/** An optional http(s) link: empty means none. */
export const optionalHttpUrl = z
  .string()
  .trim()
  .max(2048, 'Links must be at most 2048 characters')
  .refine((value) => value === '' || isHttpUrl(value), 'Links must start with http:// or https://')
  .transform((value) => value || null)
  .nullable();

const TAG_MAX_ITEMS = 30;
const TAG_MAX_LENGTH = 50;

/**
 * Skills or interests, stored as JSON-encoded text (docs/product.md §5.5); clients may send the
 * encoded text or a plain array. Items are trimmed, blanks and duplicates dropped.
 */
export const tagList = z
  .union([
    z.array(z.string()),
    z.string().transform((text, context) => {
      try {
        const parsed: unknown = JSON.parse(text || '[]');
        if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string'))
          return parsed;
      } catch {
        // fall through to the issue below
      }
      context.addIssue({ code: 'custom', message: 'must be a JSON list of strings' });
      return z.NEVER;
    }),
  ])
  .transform((items) => [...new Set(items.map((item) => item.trim()).filter(Boolean))])
  .pipe(
    z
      .array(
        z.string().max(TAG_MAX_LENGTH, `Each item must be at most ${TAG_MAX_LENGTH} characters`),
      )
      .max(TAG_MAX_ITEMS, `At most ${TAG_MAX_ITEMS} items`),
  );

/** Reads a JSON-encoded list as stored; anything unreadable is an empty list. */
export function decodeTagList(stored: string | null | undefined): string[] {
  const parsed = tagList.safeParse(stored ?? '[]');
  return parsed.success ? parsed.data : [];
}

/** Text that must contain something besides spaces; stored trimmed. */
export function requiredText(maxLength: number, blankMessage: string) {
  return z
    .string()
    .max(maxLength, `Must be at most ${maxLength} characters`)
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, blankMessage);
}

/** Optional free text; empty means none. */
export function optionalText(maxLength: number) {
  return z
    .string()
    .trim()
    .max(maxLength, `Must be at most ${maxLength} characters`)
    .transform((value) => value || null)
    .nullable();
}

/** A list as the tables store it: JSON-encoded text (docs/product.md §3.4). */
export const storedTagList = tagList.transform((items) => JSON.stringify(items));

/**
 * An id a client proposes for a new row (docs/product.md §3.1): short, URL-safe, no surprises
 * in logs or paths.
 */
export const clientRowId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'ids are 1 to 64 letters, digits, _ or -');
