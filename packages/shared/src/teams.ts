import { z } from 'zod';
import { TEAM_MESSAGE_MAX } from './team-types';

/** What a student's chat message carries; nothing else, so every member renders it the same. */
export const teamMessagePayload = z.strictObject({
  text: z
    .string()
    .max(TEAM_MESSAGE_MAX, `A message is at most ${TEAM_MESSAGE_MAX} characters`)
    .refine((text) => text.trim().length > 0, 'A message cannot be empty'),
});
export type TeamMessagePayload = z.infer<typeof teamMessagePayload>;
