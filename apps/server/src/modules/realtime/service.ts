import type { WebSocket } from 'ws';
import type { RealtimeMessage } from '@campuscollab/shared';
import type { EndedSessions } from '../../plugins/live-sessions';
import { createMessageId, type HistoryStore } from './history';
import type { RealtimeHub } from './hub';
import {
  requireChannelAccess,
  type ChannelAccess,
  type RealtimeActor,
  type TeamMembershipCheck,
} from './channels';

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
  /** Refuses a channel the actor may not use (channels.ts), asking the database for teams. */
  requireAccess(actor: RealtimeActor, channel: string, access: ChannelAccess): Promise<void>;
}

export function createRealtimeService(
  hub: RealtimeHub,
  history: HistoryStore,
  sockets: SocketRegistry,
  isTeamMember: TeamMembershipCheck,
): RealtimeService {
  return {
    hub,
    history,
    sockets,
    requireAccess: (actor, channel, access) =>
      requireChannelAccess(actor, channel, access, isTeamMember),
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

/** What the registry may do with one served socket (connection.ts). */
export interface ServedConnection {
  signedIn(): SignedIn | null;
  /** Drops the socket's subscription and presence on the channel, at once. */
  endChannelAccess(channel: string): void;
}

/** Every open realtime socket of this process and who is signed in on it. */
export interface SocketRegistry {
  add(socket: WebSocket, connection: ServedConnection): void;
  /**
   * Closes the sockets of ended sign-ins (all of the account's when `sessionIds` is null), so
   * a student who logged out, reset their password or deleted the account stops receiving.
   */
  closeSignedInSockets(ended: EndedSessions, code: number, reason: string): void;
  /**
   * Ends the account's use of a channel on this process's sockets: a member who left or was
   * removed from a team stops receiving its messages and presence with no reconnect needed.
   */
  endChannelAccess(accountId: string, channel: string): void;
  closeAll(code: number, reason: string): void;
  /** How many sockets are open, for the metrics. */
  count(): number;
}

export function createSocketRegistry(): SocketRegistry {
  const sockets = new Map<WebSocket, ServedConnection>();
  return {
    add(socket, connection) {
      sockets.set(socket, connection);
      socket.on('close', () => sockets.delete(socket));
    },
    closeSignedInSockets({ accountId, sessionIds }, code, reason) {
      for (const [socket, connection] of sockets) {
        const who = connection.signedIn();
        if (who?.userId !== accountId) continue;
        if (!sessionIds || sessionIds.includes(who.sessionId)) socket.close(code, reason);
      }
    },
    endChannelAccess(accountId, channel) {
      for (const connection of sockets.values()) {
        if (connection.signedIn()?.userId === accountId) connection.endChannelAccess(channel);
      }
    },
    closeAll(code, reason) {
      for (const socket of sockets.keys()) socket.close(code, reason);
    },
    count: () => sockets.size,
  };
}
