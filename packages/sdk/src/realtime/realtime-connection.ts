import { createAuthError, SdkMessage, type SdkError } from '../errors/sdk-error';
import { fail, type Result } from '../http/result';
import { ReconnectSchedule } from './backoff';
import { Heartbeat } from './heartbeat';
import { detachSocket, openWebSocket } from './open-socket';
import { routeFrame } from './route-frame';
import { OpenWaiters, PendingAnswers, type AnswerFrame } from './pending-answers';
import { createRealtimeError, RealtimeMessageText as Text } from './realtime-errors';
import {
  SOCKET_OPEN,
  type ConnectionOptions,
  type RealtimeStatus,
  type WebSocketConstructor,
  type WebSocketLike,
} from './realtime-types';

/**
 * One WebSocket to `/api/realtime/{project}` with docs/product.md §9's timeouts (10 s to connect
 * and for every answer), a 25 s heartbeat, and reconnects with backoff (docs/realtime-protocol.md).
 */
export class RealtimeConnection {
  private socket: WebSocketLike | null = null;
  private token: string | null = null;
  private status: RealtimeStatus = 'idle';
  private wanted = false;
  private everOpened = false;
  private connecting = false;
  private readonly heartbeat = new Heartbeat(
    () => this.send({ type: 'ping' }, Text.heartbeatTimeout),
    (result) => result.error?.message === Text.heartbeatTimeout,
    () => this.socket && this.abandon(this.socket),
  );
  private readonly reconnects: ReconnectSchedule;
  private readonly pending = new PendingAnswers();
  private readonly waiters = new OpenWaiters();

  constructor(private readonly options: ConnectionOptions) {
    this.reconnects = new ReconnectSchedule(options.random);
  }

  /** The connection's state. */
  getStatus(): RealtimeStatus {
    return this.status;
  }

  /** Resolves once the socket is open (connecting if needed); REALTIME_ERROR after 10 s. */
  ensureOpen(): Promise<void> {
    this.wanted = true;
    if (this.status === 'open') return Promise.resolve();
    if (!this.options.WebSocket) return Promise.reject(createRealtimeError(Text.notConnected));
    if (!this.connecting && !this.reconnects.isPending() && !this.socket) void this.openSocket();
    return this.waiters.wait(Text.connectTimeout);
  }

  /** Sends a frame with a fresh ref; resolves with its ack (or pong), or the error frame / timeout. */
  request(frame: Record<string, unknown>, timeoutMessage: string = Text.sendTimeout) {
    return this.ensureOpen().then(
      () => this.send(frame, timeoutMessage),
      (error: SdkError) => fail<AnswerFrame>(error),
    );
  }

  /** After a token refresh: renew the open socket's token, so it outlives the old one's 15 minutes. */
  renewToken(token: string | null): void {
    if (!token) return this.disconnect(createAuthError(SdkMessage.notAuthenticated));
    if (this.status !== 'open' || token === this.token) return;
    this.token = token;
    const socket = this.socket;
    void this.send({ type: 'auth', token }, Text.sendTimeout).then((result) => {
      if (!result.error) return;
      this.options.onError(result.error);
      // Another account signed in: this socket cannot switch, so a new one is opened with it.
      if (result.error.code === 'FORBIDDEN' && socket && socket === this.socket)
        this.abandon(socket);
    });
  }

  /** Closes for good (until the next `ensureOpen`): no reconnect. */
  disconnect(reason?: SdkError): void {
    this.wanted = false;
    this.reconnects.cancel();
    const socket = this.socket;
    if (socket) {
      this.dropSocket(socket);
      socket.close(1000, 'Client disconnect');
    }
    this.waiters.rejectAll(reason ?? createRealtimeError(Text.connectionClosed));
    this.setStatus('closed');
  }

  private send(
    frame: Record<string, unknown>,
    timeoutMessage: string,
  ): Promise<Result<AnswerFrame>> {
    const socket = this.socket;
    if (!socket || socket.readyState !== SOCKET_OPEN) {
      return Promise.resolve(fail(createRealtimeError(Text.connectionClosed)));
    }
    const { ref, answer } = this.pending.add(timeoutMessage);
    socket.send(JSON.stringify({ ...frame, ref }));
    return answer;
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return;
    this.status = status;
    if (status === 'open') this.waiters.resolveAll();
    this.options.onStatus(status);
  }

  private async openSocket(): Promise<void> {
    this.connecting = true;
    this.setStatus(this.everOpened ? 'reconnecting' : 'connecting');
    let token: string | null;
    try {
      // Refreshed first when it counts as expired: the token travels in the URL.
      token = await this.options.tokens.getAccessToken();
    } catch {
      this.connecting = false;
      return this.scheduleReconnect(); // Offline: the refresh could not be asked; try later.
    }
    this.connecting = false;
    if (!this.wanted) return;
    if (!token) return this.disconnect(createAuthError(SdkMessage.noAccessToken));
    const socket = openWebSocket(
      this.options.WebSocket as WebSocketConstructor,
      this.options.buildUrl(token),
      {
        onOpen: () => this.handleOpen(),
        onData: (data) => this.handleData(data),
        onDrop: (code) => this.handleDrop(socket, code),
      },
    );
    this.socket = socket;
    this.token = token;
  }

  private handleOpen(): void {
    const isReconnect = this.everOpened;
    this.everOpened = true;
    this.reconnects.succeeded();
    this.heartbeat.start();
    this.setStatus('open');
    if (isReconnect) this.options.onReconnected();
  }

  /** Forgets a socket: no more events from it, its pending answers failed. */
  private dropSocket(socket: WebSocketLike): void {
    detachSocket(socket);
    if (this.socket === socket) this.socket = null;
    this.heartbeat.stop();
    this.pending.failAll(createRealtimeError(Text.connectionClosed));
  }

  /** A socket that stopped answering: treated as dropped without waiting for a close frame. */
  private abandon(socket: WebSocketLike): void {
    this.handleDrop(socket, 1006);
    socket.close();
  }

  private handleDrop(socket: WebSocketLike, code: number): void {
    if (socket !== this.socket) return;
    const staleToken = this.token;
    this.dropSocket(socket);
    if (!this.wanted) return this.setStatus('closed');
    if (code === 1009) this.options.onError(createRealtimeError(Text.frameTooLarge));
    // 4401: the token expired or was refused. Refresh before reconnecting; a failed refresh
    // means signed out, and reconnecting would only be refused again.
    if (code === 4401 && staleToken) {
      this.setStatus('reconnecting');
      void this.options.tokens.renewAfterUnauthorized(staleToken).then(
        (token) =>
          token
            ? this.scheduleReconnect()
            : this.disconnect(createAuthError(SdkMessage.notAuthenticated)),
        () => this.scheduleReconnect(),
      );
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (!this.wanted) return;
    this.setStatus('reconnecting');
    this.reconnects.schedule(() => void this.openSocket());
  }

  private handleData(data: unknown): void {
    routeFrame(data, {
      pending: this.pending,
      reply: (frame) => this.socket?.send(JSON.stringify(frame)),
      onFrame: this.options.onFrame,
      onError: this.options.onError,
    });
  }
}
