import { ErrorCode, type AckFrame, type PongFrame } from '@campuscollab/shared';
import { HttpError } from '../../lib/http-error';
import { requireTeamMessage, type ChannelAccess } from './channels';
import type { Subscriber } from './hub';
import {
  HISTORY_DEFAULT_LIMIT,
  RealtimeErrorCode,
  type ClientFrame,
  type RealtimeLimits,
} from './protocol';
import type { RealtimeService } from './service';

/** One signed-in connection, as the frame handlers see it. */
export interface Session {
  id: string;
  userId: string;
  subscriptions: Set<string>;
  presence: Set<string>;
  /** Counts channel access ended on this socket (a member removed from a team). */
  accessEnded: number;
  deliver: Subscriber;
  /** Renews the connection's token; answers when the new one expires. */
  authenticate(token: string): Promise<{ userId: string; expiresAt: string | null }>;
}

export interface FrameContext {
  service: RealtimeService;
  limits: RealtimeLimits;
}

/**
 * Checks the session may use the channel. Team membership is read from the database, and the
 * member may be removed while that read runs: if access ended meanwhile, the answer may be stale,
 * so it is asked again.
 */
async function requireAccess(
  service: RealtimeService,
  session: Session,
  channel: string,
  access: ChannelAccess,
): Promise<void> {
  const actor = { kind: 'user' as const, userId: session.userId };
  for (;;) {
    const ended = session.accessEnded;
    await service.requireAccess(actor, channel, access);
    if (session.accessEnded === ended) return;
  }
}

/** Runs one validated frame; resolves to the reply frame, throws HttpError to refuse it. */
export async function handleFrame(
  context: FrameContext,
  session: Session,
  frame: ClientFrame,
): Promise<AckFrame | PongFrame> {
  const { service, limits } = context;
  const ack = (result: Record<string, unknown>): AckFrame => ({
    type: 'ack',
    ref: frame.ref,
    ...result,
  });

  switch (frame.type) {
    case 'ping':
      return { type: 'pong', ref: frame.ref };
    case 'auth':
      return ack(await session.authenticate(frame.token));
    case 'subscribe': {
      await requireAccess(service, session, frame.channel, 'read');
      if (!session.subscriptions.has(frame.channel)) {
        requireRoom(session.subscriptions, limits.maxChannelsPerConnection);
        session.subscriptions.add(frame.channel);
        service.hub.subscribe(frame.channel, session.deliver);
      }
      return ack({ channel: frame.channel });
    }
    case 'unsubscribe':
      // Idempotent, so a client cleaning up after a lost ack never sees an error.
      if (session.subscriptions.delete(frame.channel)) {
        service.hub.unsubscribe(frame.channel, session.deliver);
      }
      return ack({ channel: frame.channel });
    case 'publish': {
      await requireAccess(service, session, frame.channel, 'publish');
      requireTeamMessage(frame.channel, frame.event, frame.payload);
      const message = await service.publishMessage({
        channel: frame.channel,
        event: frame.event,
        payload: frame.payload,
        senderId: session.userId,
      });
      return ack({ channel: message.channel, id: message.id, createdAt: message.createdAt });
    }
    case 'presence':
      return ack(await handlePresence(context, session, frame));
    case 'history': {
      await requireAccess(service, session, frame.channel, 'read');
      const messages = await service.history.listMessages(frame.channel, {
        limit: frame.limit ?? HISTORY_DEFAULT_LIMIT,
        before: frame.before,
      });
      return ack({ channel: frame.channel, messages });
    }
  }
}

async function handlePresence(
  { service, limits }: FrameContext,
  session: Session,
  frame: Extract<ClientFrame, { type: 'presence' }>,
): Promise<Record<string, unknown>> {
  const { channel } = frame;
  await requireAccess(service, session, channel, 'read');
  if (frame.action === 'list') {
    return { channel, members: await service.hub.listPresence(channel) };
  }
  if (frame.action === 'leave') {
    if (session.presence.delete(channel)) {
      await service.hub.leavePresence(channel, session.id, session.userId);
    }
    return { channel };
  }
  const state = frame.state ?? {};
  const bytes = Buffer.byteLength(JSON.stringify(state));
  // Every member's state is sent to every subscriber on each join: keep it to a status line.
  if (bytes > limits.maxPresenceStateBytes) {
    throw new HttpError(
      413,
      ErrorCode.payloadTooLarge,
      `Presence state too large (at most ${limits.maxPresenceStateBytes} bytes)`,
    );
  }
  if (!session.presence.has(channel))
    requireRoom(session.presence, limits.maxChannelsPerConnection);
  session.presence.add(channel);
  await service.hub.joinPresence(channel, session.id, session.userId, state);
  return { channel };
}

function requireRoom(channels: Set<string>, max: number): void {
  if (channels.size >= max) {
    throw new HttpError(
      429,
      RealtimeErrorCode.limitExceeded,
      `Too many channels (at most ${max} per connection)`,
    );
  }
}
