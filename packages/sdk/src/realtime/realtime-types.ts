import type { ServerFrame } from '@campuscollab/shared/core';
import type { SdkError } from '../errors/sdk-error';
import type { AccessTokenSource } from '../http/authorized-fetch';

/**
 * The socket and connection types of the SDK's realtime client. The frames themselves are the
 * server's, shared with it (packages/shared/src/realtime-frames.ts).
 */

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
