import { z } from 'zod';

/** Sizes a screenshot may have, in CSS pixels (at a device scale of 1, PNG pixels). */
export const SHOT_LIMITS = {
  width: { min: 320, max: 1920, default: 1280 },
  height: { min: 240, max: 2000, default: 800 },
  /** A full-page shot of an endless page stops here. */
  fullPageMaxHeight: 8000,
} as const;

const size = (name: string, limits: { min: number; max: number; default: number }) =>
  z
    .number()
    .int(`${name} must be a whole number`)
    .min(limits.min, `${name} must be at least ${limits.min}`)
    .max(limits.max, `${name} must be at most ${limits.max}`)
    .default(limits.default);

/**
 * POST /api/data/{project}/screenshot. Strict: an unknown key (or `__proto__`) is a 400 rather
 * than silently dropped, so a typo in `fullPage` is not a quiet viewport shot.
 */
export const screenshotBody = z.strictObject({
  url: z
    .string()
    .trim()
    .max(2048, 'url is too long')
    .regex(/^https?:\/\//i, 'url must be an http or https URL'),
  width: size('width', SHOT_LIMITS.width),
  height: size('height', SHOT_LIMITS.height),
  fullPage: z.boolean().default(false),
});

export type ScreenshotRequest = z.infer<typeof screenshotBody>;
