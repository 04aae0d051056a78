import type { PresenceMember, RealtimeMessage } from '@campuscollab/shared/core';
import { SdkErrorKind, type SdkError } from '../errors/sdk-error';
import type { ApiClient } from '../http/api-client';
import type { AccessTokenSource } from '../http/authorized-fetch';
import { fail, ok, type Result } from '../http/result';
import { RealtimeChannel } from './realtime-channel';
import { RealtimeConnection } from './realtime-connection';
import type { RealtimeStatus, WebSocketConstructor } from './realtime-types';

export interface RealtimeClientOptions {
  api: ApiClient;
  baseUrl: string;
  projectId: string;
  tokens: AccessTokenSource;
  /** The browser's WebSocket by default; `ws`'s in Node. */
  WebSocket: WebSocketConstructor | null;
  now: () => number;
  random: () => number;
  /** Told of every new token set (or sign-out); returns the unsubscribe. */
  subscribeToTokens: (listener: (accessToken: string | null) => void) => () => void;
}

/** Realtime (docs/product.md §7.4, docs/realtime-protocol.md): WebSocket channels, HTTP calls. */
export function createRealtimeClient(options: RealtimeClientOptions) {
  const channels = new Map<string, RealtimeChannel>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();
  const errorListeners = new Set<(error: SdkError) => void>();
  const path = (name: string) => `/api/realtime/${encodeURIComponent(options.projectId)}${name}`;
  const socketBase = options.baseUrl.replace(/\/+$/, '').replace(/^http/, 'ws');

  const connection = new RealtimeConnection({
    buildUrl: (token) => `${socketBase}${path('')}?token=${encodeURIComponent(token)}`,
    WebSocket: options.WebSocket,
    tokens: options.tokens,
    random: options.random,
    onFrame(frame) {
      if (frame.type === 'message') channels.get(frame.channel)?.deliver(frame);
      else if (frame.type === 'presence') channels.get(frame.channel)?.deliverPresence(frame);
    },
    onReconnected() {
      for (const channel of channels.values()) void channel.restore();
    },
    onStatus(status) {
      if (status === 'reconnecting') for (const channel of channels.values()) channel.markDropped();
      for (const listener of [...statusListeners]) listener(status);
    },
    onError(error) {
      for (const listener of [...errorListeners]) listener(error);
    },
  });

  // A refreshed token renews the open socket (it would be closed at the old one's expiry);
  // signing out closes it.
  options.subscribeToTokens((token) => {
    if (connection.getStatus() !== 'idle') connection.renewToken(token);
  });

  const http = <T>(
    method: 'GET' | 'POST',
    name: string,
    request: { query?: Record<string, string | number | undefined>; body?: unknown },
  ) =>
    options.api.request<T>({
      method,
      path: path(name),
      ...request,
      auth: 'required',
      kind: SdkErrorKind.realtime,
    });

  return {
    /** The channel of this name (one object per name); call `subscribe()` on it to receive. */
    channel(name: string): RealtimeChannel {
      let channel = channels.get(name);
      if (!channel) {
        channel = new RealtimeChannel(name, connection, options.now);
        channels.set(name, channel);
      }
      return channel;
    },
    /** Opens the socket now (channels open it when needed); REALTIME_ERROR after 10 s. */
    async connect(): Promise<Result<null>> {
      try {
        await connection.ensureOpen();
        return ok(null);
      } catch (error) {
        return fail(error as SdkError);
      }
    },
    /** Closes the socket and stops reconnecting; channels are restored on the next connect. */
    disconnect(): void {
      connection.disconnect();
    },
    /** The connection's state. */
    getStatus(): RealtimeStatus {
      return connection.getStatus();
    },
    /** Calls `listener` on every status change; returns the function that stops it. */
    onStatusChange(listener: (status: RealtimeStatus) => void): () => void {
      statusListeners.add(listener);
      return () => void statusListeners.delete(listener);
    },
    /** Calls `listener` with error frames not tied to a call and connection problems. */
    onError(listener: (error: SdkError) => void): () => void {
      errorListeners.add(listener);
      return () => void errorListeners.delete(listener);
    },
    /** Publishes over HTTP (no socket needed); resolves with the stored message. */
    async publish(
      channel: string,
      event: string,
      payload?: unknown,
    ): Promise<Result<RealtimeMessage>> {
      const result = await http<{ message: RealtimeMessage }>('POST', '/publish', {
        body: { channel, event, payload },
      });
      return result.error ? fail(result.error) : ok(result.data.message);
    },
    /** Who is present on a channel, over HTTP. */
    async getPresence(channel: string): Promise<Result<PresenceMember[]>> {
      const result = await http<{ members: PresenceMember[] }>('GET', '/presence', {
        query: { channel },
      });
      return result.error ? fail(result.error) : ok(result.data.members);
    },
    /** A channel's stored messages, newest first, over HTTP. */
    async getMessages(
      channel: string,
      query: { limit?: number; before?: string } = {},
    ): Promise<Result<RealtimeMessage[]>> {
      const result = await http<{ messages: RealtimeMessage[] }>('GET', '/messages', {
        query: { channel, ...query },
      });
      return result.error ? fail(result.error) : ok(result.data.messages);
    },
  };
}

export type RealtimeClient = ReturnType<typeof createRealtimeClient>;
