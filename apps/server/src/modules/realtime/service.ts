import type { WebSocket } from 'ws';
import type { RealtimeMessage } from '@campuscollab/shared';
import type { EndedSessions } from '../../plugins/live-sessions';
import { createMessageId, type HistoryStore } from './history';
import type { RealtimeHub } from './hub';

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
      await hub.broadcast(message.channel, { type: 'message', ...message });
      return message;
    },
  };
}

/** Who is signed in on a socket, and with which sign-in. */
export interface SignedIn {
  userId: string;
  sessionId: string;
}

/** Every open realtime socket of this process and who is signed in on it. */
export interface SocketRegistry {
  add(socket: WebSocket, signedIn: () => SignedIn | null): void;
  /**
   * Closes the sockets of ended sign-ins (all of the account's when `sessionIds` is null), so
   * a student who logged out, reset their password or deleted the account stops receiving.
   */
  closeSignedInSockets(ended: EndedSessions, code: number, reason: string): void;
  closeAll(code: number, reason: string): void;
  /** How many sockets are open, for the metrics. */
  count(): number;
}

export function createSocketRegistry(): SocketRegistry {
  const sockets = new Map<WebSocket, () => SignedIn | null>();
  return {
    add(socket, signedIn) {
      sockets.set(socket, signedIn);
      socket.on('close', () => sockets.delete(socket));
    },
    closeSignedInSockets({ accountId, sessionIds }, code, reason) {
      for (const [socket, signedIn] of sockets) {
        const who = signedIn();
        if (who?.userId !== accountId) continue;
        if (!sessionIds || sessionIds.includes(who.sessionId)) socket.close(code, reason);
      }
    },
    closeAll(code, reason) {
      for (const socket of sockets.keys()) socket.close(code, reason);
    },
    count: () => sockets.size,
  };
}
