import type { ServerFrame } from '@campuscollab/shared/core';
import { fail, ok } from '../http/result';
import type { AnswerFrame, PendingAnswers } from './pending-answers';
import { createRealtimeError } from './realtime-errors';
import { parseServerFrame } from './realtime-types';

export interface FrameRoutes {
  pending: PendingAnswers;
  /** Sends a frame back on the same socket (the answer to a server's ping). */
  reply(frame: Record<string, unknown>): void;
  /** Live messages and presence events. */
  onFrame(frame: ServerFrame): void;
  /** Error frames that answer no pending call. */
  onError: (error: ReturnType<typeof createRealtimeError>) => void;
}

/**
 * Sends each incoming frame where it belongs: answers (ack, pong, error with a ref) to the call
 * waiting on that ref, a server's `ping` gets its `pong`, live frames to the channels.
 */
export function routeFrame(data: unknown, routes: FrameRoutes): void {
  const frame = parseServerFrame(data);
  if (!frame) return;
  if (frame.type === 'ping') {
    routes.reply({ type: 'pong', ref: frame.ref });
    return;
  }
  if (frame.type === 'ack' || frame.type === 'pong' || frame.type === 'error') {
    const result =
      frame.type === 'error'
        ? fail<AnswerFrame>(createRealtimeError(frame.message, frame.code))
        : ok(frame as AnswerFrame);
    if (routes.pending.settle(frame.ref, result)) return;
  }
  if (frame.type === 'error') routes.onError(createRealtimeError(frame.message, frame.code));
  else if (frame.type === 'message' || frame.type === 'presence') routes.onFrame(frame);
}
