/**
 * The frames the realtime server sends (docs/realtime-protocol.md), shared by the server that
 * writes them and the SDK that reads them. What a client sends is the server's zod schema
 * (apps/server/src/modules/realtime/protocol.ts).
 */

/** A client's tag for a frame, echoed by its answer: a short string or an integer. */
export type FrameRef = string | number;

/** One message of a channel, live or from history. */
export interface RealtimeMessage {
  /** "rtm_..."; ids of one channel sort in publish order. */
  id: string;
  channel: string;
  event: string;
  payload: unknown;
  /** The publishing account, or null when the server published it. */
  senderId: string | null;
  createdAt: string;
}

/** One account present on a channel. */
export interface PresenceMember {
  userId: string;
  state: Record<string, unknown>;
  joinedAt: string;
}

/** A join or leave on a channel. */
export interface PresenceEvent {
  channel: string;
  event: 'join' | 'leave';
  member: PresenceMember;
}

/** The answer to a frame, with the call's result fields (the protocol's table of acks). */
export type AckFrame = { type: 'ack'; ref?: FrameRef } & Record<string, unknown>;
export interface PongFrame {
  type: 'pong';
  ref?: FrameRef;
}
export interface PingFrame {
  type: 'ping';
  ref?: FrameRef;
}
/** A refused frame; `ref` when the frame had a readable one. */
export interface ErrorFrame {
  type: 'error';
  ref?: FrameRef;
  code: string;
  message: string;
}

/** What a channel's subscribers receive as it happens. */
export type LiveFrame =
  ({ type: 'message' } & RealtimeMessage) | ({ type: 'presence' } & PresenceEvent);

/** Every frame the server sends. */
export type ServerFrame = AckFrame | PongFrame | PingFrame | ErrorFrame | LiveFrame;
