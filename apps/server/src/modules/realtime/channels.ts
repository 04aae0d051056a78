import { ErrorCode } from '@campuscollab/shared';
import { HttpError } from '../../lib/http-error';

/** Who is acting on a channel: a signed-in account, or a SERVICE_KEY holder (HTTP only). */
export type RealtimeActor = { kind: 'user'; userId: string } | { kind: 'service' };

export type ChannelAccess = 'read' | 'publish';

const CHANNEL = /^(user|public):([A-Za-z0-9_.:@-]{1,128})$/;

/** The private channel of one account; the server publishes its notifications there. */
export function formatUserChannel(accountId: string): string {
  return `user:${accountId}`;
}

/**
 * Refuses a channel the actor may not use. Reading covers subscribe, presence and history.
 * Nobody but the server publishes to `user:` channels, so a student can trust that everything
 * arriving there (a new message, an application) really happened.
 */
export function requireChannelAccess(actor: RealtimeActor, channel: string, access: ChannelAccess) {
  const match = CHANNEL.exec(channel);
  if (!match) {
    throw new HttpError(
      400,
      ErrorCode.validation,
      'Channel must be "public:<name>" or "user:<your user id>" (name: 1-128 letters, digits or _ . : @ -)',
    );
  }
  if (actor.kind === 'service' || match[1] === 'public') return;
  if (access === 'publish') {
    throw new HttpError(403, ErrorCode.forbidden, 'Only the server publishes to user channels');
  }
  if (match[2] !== actor.userId) {
    throw new HttpError(403, ErrorCode.forbidden, 'User channels are private to their user');
  }
}
