import { REALTIME_TIMEOUT_MS } from '@campuscollab/shared/core';
import type { WebSocketConstructor, WebSocketLike } from './realtime-types';

export interface SocketHandlers {
  onOpen(): void;
  onData(data: unknown): void;
  /** The socket closed (with its code), or did not open within 10 s (1006). */
  onDrop(code: number): void;
}

/**
 * Opens a WebSocket with the 10 s connect timeout of docs/product.md §9. A socket still opening
 * then is closed and reported as dropped, like a network failure.
 */
export function openWebSocket(
  Socket: WebSocketConstructor,
  url: string,
  handlers: SocketHandlers,
): WebSocketLike {
  const socket = new Socket(url);
  const connectTimer = setTimeout(() => {
    socket.onclose = null;
    handlers.onDrop(1006);
    socket.close();
  }, REALTIME_TIMEOUT_MS);
  socket.onopen = () => {
    clearTimeout(connectTimer);
    handlers.onOpen();
  };
  socket.onmessage = (event) => handlers.onData(event.data);
  socket.onclose = (event) => {
    clearTimeout(connectTimer);
    handlers.onDrop(event.code);
  };
  socket.onerror = () => {}; // A close event follows, which decides what to do.
  return socket;
}

/** Detaches every handler, so a forgotten socket can no longer call back. */
export function detachSocket(socket: WebSocketLike): void {
  socket.onopen = null;
  socket.onmessage = null;
  socket.onclose = null;
  socket.onerror = null;
}
