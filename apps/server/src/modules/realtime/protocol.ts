import { z } from 'zod';
import { ErrorCode, type FrameRef } from '@campuscollab/shared';

/**
 * The wire protocol of `/api/realtime/{project}`, documented for the SDK in
 * docs/realtime-protocol.md: keep the two in step. The frames the server sends are typed in
 * packages/shared (`realtime-frames.ts`), where the SDK reads them too.
 */
export interface RealtimeLimits {
  /** Largest text frame answered with an error; larger frames up to `maxFrameBytes` too. */
  maxMessageBytes: number;
  /** Frames above this are refused by ws itself with close code 1009, before any parsing. */
  maxFrameBytes: number;
  maxChannelsPerConnection: number;
  messagesPerSecond: number;
  maxPresenceStateBytes: number;
  /**
   * Bytes a socket may have waiting to be sent before the server gives up on it (close 1013). A
   * client that stops reading (a frozen tab, a stalled network) would otherwise have every frame
   * of its channels held in memory until the heartbeat ends it, and a client asking for history
   * without reading could make the server hold any amount.
   */
  maxBufferedBytes: number;
}

export const DEFAULT_LIMITS: RealtimeLimits = {
  maxMessageBytes: 64 * 1024,
  maxFrameBytes: 1024 * 1024,
  maxChannelsPerConnection: 50,
  messagesPerSecond: 20,
  maxPresenceStateBytes: 1024,
  // Above the largest frame the server sends, a full history page (200 messages of 64 KiB), so
  // one big answer alone never closes a client that is reading.
  maxBufferedBytes: 16 * 1024 * 1024,
};

export const HISTORY_DEFAULT_LIMIT = 50;
export const HISTORY_MAX_LIMIT = 200;

/** Codes of error frames beyond the platform's own ErrorCode values. */
export const RealtimeErrorCode = {
  ...ErrorCode,
  limitExceeded: 'LIMIT_EXCEEDED',
} as const;

export const CloseCode = {
  goingAway: 1001,
  messageTooLarge: 1009,
  /** The client did not read fast enough (`maxBufferedBytes`); it may reconnect and catch up. */
  tryAgainLater: 1013,
  /** 4000 + HTTP status, the convention of most realtime services. */
  unauthorized: 4401,
} as const;

export const EVENT_NAME = /^[A-Za-z0-9_.:-]{1,100}$/;

const ref = z.union([z.string().max(64), z.number().int()]).optional();
const channel = z.string().min(1).max(200);
const jsonValue = z.json();

export const clientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), ref, token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('subscribe'), ref, channel }),
  z.object({ type: z.literal('unsubscribe'), ref, channel }),
  z.object({
    type: z.literal('publish'),
    ref,
    channel,
    event: z.string().regex(EVENT_NAME, 'event must be 1-100 letters, digits or _ . : -'),
    payload: jsonValue.optional(),
  }),
  z.object({
    type: z.literal('presence'),
    ref,
    channel,
    action: z.enum(['join', 'leave', 'list']),
    state: z.record(z.string(), jsonValue).optional(),
  }),
  z.object({
    type: z.literal('history'),
    ref,
    channel,
    limit: z.number().int().min(1).max(HISTORY_MAX_LIMIT).optional(),
    before: z.string().min(1).max(100).optional(),
  }),
  z.object({ type: z.literal('ping'), ref }),
]);

export type ClientFrame = z.infer<typeof clientFrame>;
/** A frame's ref as read from it: absent when the frame had none that is readable. */
export type Ref = FrameRef | undefined;

/** Describes the first problem of a frame that failed validation, naming its field. */
export function describeFrameError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid message';
  if (issue.path.length === 1 && issue.path[0] === 'type') {
    return 'Unknown message type (expected auth, subscribe, unsubscribe, publish, presence, history or ping)';
  }
  const field = issue.path.join('.');
  return field ? `Invalid "${field}": ${issue.message}` : issue.message;
}
