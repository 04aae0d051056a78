import type { SdkError } from '../errors/sdk-error';
import type { AccessTokenSource } from '../http/authorized-fetch';

/** The wire types of docs/realtime-protocol.md, as the SDK sees them. */

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

/** A join or leave on a channel this client subscribed to. */
export interface PresenceEvent {
  channel: string;
  event: 'join' | 'leave';
  member: PresenceMember;
}

/** Every frame the server sends. */
export type ServerFrame =
  | ({ type: 'ack'; ref?: string | number } & Record<string, unknown>)
  | { type: 'pong'; ref?: string | number }
  | { type: 'ping'; ref?: string | number }
  | { type: 'error'; ref?: string | number; code: string; message: string }
  | ({ type: 'message' } & RealtimeMessage)
  | ({ type: 'presence' } & PresenceEvent);

/** The connection's state, for `onStatusChange`. */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/**
 * An event handler property, compared bivariantly (method syntax) so that both the DOM's
 * WebSocket and `ws`'s, whose handlers take richer event types, fit.
 */
type SocketHandler<E> = { handle(event: E): void }['handle'];

/** The part of the WebSocket API the SDK uses: the browser's, or `ws`'s in Node. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: SocketHandler<unknown> | null;
  onmessage: SocketHandler<{ data: unknown }> | null;
  onclose: SocketHandler<{ code: number; reason: string }> | null;
  onerror: SocketHandler<unknown> | null;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** WebSocket.OPEN, the same in every implementation. */
export const SOCKET_OPEN = 1;

/** What the connection needs from the realtime client. */
export interface ConnectionOptions {
  buildUrl(token: string): string;
  WebSocket: WebSocketConstructor | null;
  tokens: AccessTokenSource;
  random: () => number;
  /** Live frames: messages and presence. */
  onFrame(frame: ServerFrame): void;
  /** After a reconnect (not the first open): subscribe again, rejoin presence, catch up. */
  onReconnected(): void;
  onStatus(status: RealtimeStatus): void;
  onError(error: SdkError): void;
}

/** A text frame as a server frame, or null when it is not a JSON object with a type. */
export function parseServerFrame(data: unknown): ServerFrame | null {
  try {
    const frame: unknown = JSON.parse(String(data));
    return typeof frame === 'object' && frame !== null && 'type' in frame
      ? (frame as ServerFrame)
      : null;
  } catch {
    return null;
  }
}
