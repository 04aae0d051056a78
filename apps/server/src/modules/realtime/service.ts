import type { WebSocket } from 'ws';
import { createMessageId, type HistoryStore } from './history';
import type { RealtimeHub } from './hub';
import type { RealtimeMessage } from './protocol';

export interface PublishInput {
  channel: string;
  event: string;
  payload: unknown;
  senderId: string | null;
}

/** What the WebSocket handler, the HTTP routes and the server events share. */
export interface RealtimeService {
  hub: RealtimeHub;
  history: HistoryStore;
  sockets: SocketRegistry;
  /** Stores the message, then delivers it: a client that reconnects finds what it missed. */
  publishMessage(input: PublishInput): Promise<RealtimeMessage>;
}

export function createRealtimeService(
  hub: RealtimeHub,
  history: HistoryStore,
  sockets: SocketRegistry,
): RealtimeService {
  return {
    hub,
    history,
    sockets,
    async publishMessage(input) {
      const now = Date.now();
      const message: RealtimeMessage = {
        id: createMessageId(now),
        channel: input.channel,
        event: input.event,
        payload: input.payload ?? null,
        senderId: input.senderId,
        createdAt: new Date(now).toISOString(),
      };
      await history.insertMessage(message);
      hub.broadcast(message.channel, { type: 'message', ...message });
      return message;
    },
  };
}

/** Every open realtime socket of this process and who is signed in on it. */
export interface SocketRegistry {
  add(socket: WebSocket, userId: () => string | null): void;
  /** Closes the account's sockets, so a deleted account stops receiving at once. */
  closeUserSockets(userId: string, code: number, reason: string): void;
  closeAll(code: number, reason: string): void;
}

export function createSocketRegistry(): SocketRegistry {
  const sockets = new Map<WebSocket, () => string | null>();
  return {
    add(socket, userId) {
      sockets.set(socket, userId);
      socket.on('close', () => sockets.delete(socket));
    },
    closeUserSockets(userId, code, reason) {
      for (const [socket, signedIn] of sockets) {
        if (signedIn() === userId) socket.close(code, reason);
      }
    },
    closeAll(code, reason) {
      for (const socket of sockets.keys()) socket.close(code, reason);
    },
  };
}
