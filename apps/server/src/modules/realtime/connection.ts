import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { ErrorCode, type ServerFrame } from '@campuscollab/shared';
import { HttpError } from '../../lib/http-error';
import { describeUnsafeJson } from '../../lib/json-limits';
import type { Authentication, VerifiedAccessToken } from '../../plugins/authentication';
import type { SignedIn } from './service';
import { handleFrame, type FrameContext, type Session } from './frame-handlers';
import { CloseCode, clientFrame, describeFrameError, type Ref } from './protocol';
import { holdUntilEndOfTurn } from './write-batch';

export interface ConnectionContext extends FrameContext {
  authentication: Authentication;
  /** How long a socket opened without `?token=` has to send its `auth` message. */
  authTimeoutMs: number;
  log: FastifyBaseLogger;
}

// setTimeout fires at once for delays above 2^31-1 ms; no access token lives that long anyway.
const MAX_TIMER_MS = 2 ** 31 - 1;

function readRef(parsed: unknown): Ref {
  if (typeof parsed !== 'object' || parsed === null || !('ref' in parsed)) return undefined;
  const { ref } = parsed;
  return (typeof ref === 'string' && ref.length <= 64) || Number.isInteger(ref)
    ? (ref as Ref)
    : undefined;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function readFrameBytes(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/**
 * Serves one socket: authentication (from the URL or a first `auth` message), its token's
 * expiry, limits, and frames in arrival order. Answers who is signed in on it, for the
 * registry that closes an account's sockets when the account is deleted.
 */
export function serveConnection(
  socket: WebSocket,
  /**
   * The TCP socket under the WebSocket, whose writes are gathered per turn (write-batch.ts);
   * absent for @fastify/websocket's injected test sockets, which then write at once.
   */
  transport: Socket | undefined,
  initial: VerifiedAccessToken | null,
  context: ConnectionContext,
): { id: string; signedIn: () => SignedIn | null; endChannelAccess: (channel: string) => void } {
  const { service, limits, log } = context;
  const limiter = createRateLimiter(limits.messagesPerSecond);
  // Text frames, whether JSON text or its bytes already encoded once for a whole channel (hub.ts).
  const write = (text: string | Buffer) => {
    if (socket.readyState !== socket.OPEN) return;
    // What the client left unread in earlier turns; this turn's frames leave at its end.
    const waiting = transport ? holdUntilEndOfTurn(transport) : socket.bufferedAmount;
    if (waiting > limits.maxBufferedBytes) {
      log.info({ bufferedBytes: waiting }, 'realtime client too slow; closing');
      socket.close(CloseCode.tryAgainLater, 'Too slow to receive');
      return;
    }
    socket.send(text, { binary: false });
  };
  const send = (frame: ServerFrame) => write(JSON.stringify(frame));
  const sendError = (ref: Ref, code: string, message: string) =>
    send({ type: 'error', ref, code, message });

  let session: Session | null = null;
  // The sign-in of the latest token the socket showed: ending it closes the socket.
  let signInId = '';
  let expiryTimer: NodeJS.Timeout | undefined;
  // Frames run one after another, so a publish is stored before a following history reads.
  let queue = Promise.resolve();
  const id = randomUUID();

  const adopt = ({ user, expiresAt }: VerifiedAccessToken) => {
    if (session && session.userId !== user.id) {
      throw new HttpError(403, ErrorCode.forbidden, 'Token belongs to another account');
    }
    session ??= {
      id,
      userId: user.id,
      subscriptions: new Set(),
      presence: new Set(),
      accessEnded: 0,
      deliver: write,
      authenticate: async (token) => adopt(await context.authentication.verifyAccessToken(token)),
    };
    signInId = user.sessionId;
    clearTimeout(expiryTimer);
    if (expiresAt !== null) {
      const delay = Math.min(MAX_TIMER_MS, Math.max(0, expiresAt * 1000 - Date.now()));
      expiryTimer = setTimeout(
        () => socket.close(CloseCode.unauthorized, 'Access token expired'),
        delay,
      );
    }
    return {
      userId: user.id,
      expiresAt: expiresAt === null ? null : new Date(expiresAt * 1000).toISOString(),
    };
  };

  if (initial) adopt(initial);
  const authTimer = initial
    ? undefined
    : setTimeout(
        () => socket.close(CloseCode.unauthorized, 'Authentication timeout'),
        context.authTimeoutMs,
      );

  const handleText = async (text: string, size: number) => {
    const parsed = parseJson(text);
    if (!parsed.ok) return sendError(undefined, ErrorCode.validation, 'Message must be valid JSON');
    const ref = readRef(parsed.value);
    if (size > limits.maxMessageBytes) {
      const max = limits.maxMessageBytes;
      return sendError(ref, ErrorCode.payloadTooLarge, `Message too large (at most ${max} bytes)`);
    }
    // Before validation, which recurses into payloads and would run out of stack on deep ones.
    const unsafe = describeUnsafeJson(parsed.value);
    if (unsafe) return sendError(ref, ErrorCode.validation, unsafe);
    const result = clientFrame.safeParse(parsed.value);
    if (!result.success)
      return sendError(ref, ErrorCode.validation, describeFrameError(result.error));
    const frame = result.data;
    try {
      if (!session && frame.type !== 'auth') {
        sendError(ref, ErrorCode.unauthorized, 'Not authenticated: send an auth message first');
        return socket.close(CloseCode.unauthorized, 'Not authenticated');
      }
      if (!session && frame.type === 'auth') {
        const verified = await context.authentication.verifyAccessToken(frame.token);
        clearTimeout(authTimer);
        return send({ type: 'ack', ref, ...adopt(verified) });
      }
      send(await handleFrame(context, session!, frame));
    } catch (error) {
      if (error instanceof HttpError) {
        sendError(ref, error.code, error.message);
        // A socket that never authenticated gets one try; a renewal may fail and keep the old token.
        if (!session) socket.close(CloseCode.unauthorized, error.message);
        return;
      }
      log.error({ err: error, frame: frame.type }, 'realtime frame failed');
      sendError(ref, ErrorCode.internal, 'Internal server error');
    }
  };

  // The limit is taken on arrival; every answer, refusals included, waits its turn in the queue.
  socket.on('message', (data: RawData, isBinary: boolean) => {
    const buffer = readFrameBytes(data);
    const allowed = limiter.tryTake();
    queue = queue
      .then(() => {
        // A frame queued behind a slow one may run after the close cleanup: a subscription or
        // presence it added then would never be removed.
        if (socket.readyState !== socket.OPEN) return;
        if (!allowed) {
          const parsed = parseJson(buffer.toString('utf8'));
          const ref = parsed.ok ? readRef(parsed.value) : undefined;
          return sendError(ref, ErrorCode.rateLimited, 'Rate limit exceeded');
        }
        if (isBinary) {
          return sendError(undefined, ErrorCode.validation, 'Binary frames are not supported');
        }
        return handleText(buffer.toString('utf8'), buffer.length);
      })
      .catch((error: unknown) => log.error({ err: error }, 'realtime frame failed'));
  });

  socket.on('close', () => {
    clearTimeout(authTimer);
    clearTimeout(expiryTimer);
    if (!session) return;
    for (const channel of session.subscriptions) service.hub.unsubscribe(channel, session.deliver);
    for (const channel of session.presence) {
      service.hub
        .leavePresence(channel, id, session.userId)
        .catch((error: unknown) => log.error({ err: error, channel }, 'realtime leave failed'));
    }
    session.subscriptions.clear();
    session.presence.clear();
  });

  return {
    id,
    signedIn: () => (session ? { userId: session.userId, sessionId: signInId } : null),
    endChannelAccess(channel) {
      if (!session) return;
      // A subscribe whose membership check is still running must not add it back afterwards.
      session.accessEnded += 1;
      if (session.subscriptions.delete(channel)) service.hub.unsubscribe(channel, session.deliver);
      if (session.presence.delete(channel)) {
        service.hub
          .leavePresence(channel, id, session.userId)
          .catch((error: unknown) => log.error({ err: error, channel }, 'realtime leave failed'));
      }
    },
  };
}

/**
 * A token bucket: `perSecond` tokens refill continuously up to a burst of `perSecond`. Unlike a
 * fixed one-second window, a client cannot send twice the limit across a window boundary.
 */
export interface RateLimiter {
  /** Takes one token; false when the bucket is empty and the frame must be refused. */
  tryTake(): boolean;
}

export function createRateLimiter(perSecond: number, now: () => number = Date.now): RateLimiter {
  let tokens = perSecond;
  let refilledAt = now();
  return {
    tryTake() {
      const current = now();
      tokens = Math.min(perSecond, tokens + ((current - refilledAt) / 1000) * perSecond);
      refilledAt = current;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
