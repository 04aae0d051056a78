import { EMAIL_BURST_WINDOW_MS, EMAILS_PER_SENDER_BURST } from '@campuscollab/shared';
import type { WindowCounters } from '../../lib/window-counters';

/** Where one email falls in its sender's burst to one recipient. */
export type BurstPlace = 'within' | 'last' | 'over';

export interface EmailBurst {
  /** What the email is about: bursts of messages and of applications are counted apart. */
  kind: 'message' | 'application' | 'decision';
  senderId: string;
  recipientId: string;
}

/**
 * A student hears by email about the first few messages (or applications, or decisions) one
 * sender causes them within a window; the last of those says that more will wait in the app,
 * and the rest send no email: the inbox and the dashboard hold them all, and the live badge
 * still counts each one. That keeps a flood to a handful of emails without a summary that a
 * restart could lose. The count is taken before any await, so it follows the order of the
 * events even when their emails are composed concurrently.
 */
export function placeInBurst(counters: WindowCounters, burst: EmailBurst): Promise<BurstPlace> {
  const key = `email:${burst.kind}:${burst.senderId}:${burst.recipientId}`;
  return counters
    .take(key, 1, { max: Infinity, windowMs: EMAIL_BURST_WINDOW_MS })
    .then(({ count }) => {
      if (count < EMAILS_PER_SENDER_BURST) return 'within';
      return count === EMAILS_PER_SENDER_BURST ? 'last' : 'over';
    });
}
