import type { PresenceEvent, PresenceMember, RealtimeMessage } from '@campuscollab/shared/core';
import { fail, ok, type Result } from '../http/result';
import type { RealtimeConnection } from './realtime-connection';
import { RealtimeMessageText as Text } from './realtime-errors';

type MessageHandler = (message: RealtimeMessage) => void;
type PresenceHandler = (event: PresenceEvent) => void;

/** How many delivered ids a channel remembers to drop duplicates (history catch-up overlaps). */
const SEEN_IDS_KEPT = 500;

/**
 * One channel (`public:<name>` or `user:<account id>`): subscribe, listen, publish, presence and
 * history over the shared socket. What it subscribed to and its presence state are restored
 * after a reconnect, since nothing survives a socket on the server.
 */
export class RealtimeChannel {
  private subscribed = false;
  private presenceState: Record<string, unknown> | null = null;
  private readonly handlers = new Map<string, Set<MessageHandler>>();
  private readonly presenceHandlers = new Set<PresenceHandler>();
  private readonly seen = new Set<string>();
  private lastMessageId: string | null = null;
  private droppedAt: string | null = null;

  constructor(
    readonly name: string,
    private readonly connection: RealtimeConnection,
    private readonly now: () => number,
  ) {}

  /** Starts receiving the channel's messages (and presence events); REALTIME_ERROR after 10 s. */
  async subscribe(): Promise<Result<null>> {
    this.subscribed = true;
    const result = await this.connection.request(
      { type: 'subscribe', channel: this.name },
      Text.subscribeTimeout,
    );
    return result.error ? fail(result.error) : ok(null);
  }

  /** Stops receiving; the handlers stay registered for a later `subscribe`. */
  async unsubscribe(): Promise<Result<null>> {
    this.subscribed = false;
    const result = await this.connection.request({ type: 'unsubscribe', channel: this.name });
    return result.error ? fail(result.error) : ok(null);
  }

  /** Calls `handler` for each message of `event` ('*' for all); returns the function that stops it. */
  on(event: string, handler: MessageHandler): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
    return () => void set.delete(handler);
  }

  /** Calls `handler` on every join and leave while subscribed; returns the function that stops it. */
  onPresence(handler: PresenceHandler): () => void {
    this.presenceHandlers.add(handler);
    return () => void this.presenceHandlers.delete(handler);
  }

  /** Publishes `event` with a JSON payload; resolves with the stored message's id and time. */
  async publish(
    event: string,
    payload?: unknown,
  ): Promise<Result<{ id: string; createdAt: string }>> {
    const result = await this.connection.request({
      type: 'publish',
      channel: this.name,
      event,
      payload,
    });
    if (result.error) return fail(result.error);
    return ok({ id: String(result.data.id), createdAt: String(result.data.createdAt) });
  }

  /** Joins the channel's presence with a state of at most 1 KiB of JSON. */
  async join(state: Record<string, unknown> = {}): Promise<Result<null>> {
    this.presenceState = state;
    const result = await this.connection.request({
      type: 'presence',
      channel: this.name,
      action: 'join',
      state,
    });
    return result.error ? fail(result.error) : ok(null);
  }

  /** Leaves the channel's presence. */
  async leave(): Promise<Result<null>> {
    this.presenceState = null;
    const result = await this.connection.request({
      type: 'presence',
      channel: this.name,
      action: 'leave',
    });
    return result.error ? fail(result.error) : ok(null);
  }

  /** Who is present now. */
  async listMembers(): Promise<Result<PresenceMember[]>> {
    const result = await this.connection.request({
      type: 'presence',
      channel: this.name,
      action: 'list',
    });
    return result.error ? fail(result.error) : ok((result.data.members ?? []) as PresenceMember[]);
  }

  /** Stored messages, newest first; `before` is the id of the oldest of the previous page, or an ISO time. */
  async history(
    options: { limit?: number; before?: string } = {},
  ): Promise<Result<RealtimeMessage[]>> {
    const result = await this.connection.request({
      type: 'history',
      channel: this.name,
      ...options,
    });
    return result.error
      ? fail(result.error)
      : ok((result.data.messages ?? []) as RealtimeMessage[]);
  }

  /** Delivers a live (or caught-up) message once, to the handlers of its event and of '*'. */
  deliver(message: RealtimeMessage): void {
    if (this.seen.has(message.id)) return;
    this.seen.add(message.id);
    if (this.seen.size > SEEN_IDS_KEPT) this.seen.delete(this.seen.values().next().value as string);
    if (!this.lastMessageId || message.id > this.lastMessageId) this.lastMessageId = message.id;
    for (const key of [message.event, '*']) {
      for (const handler of [...(this.handlers.get(key) ?? [])]) handler(message);
    }
  }

  /** Passes a presence event to the presence handlers. */
  deliverPresence(event: PresenceEvent): void {
    for (const handler of [...this.presenceHandlers]) handler(event);
  }

  /** Notes when the socket dropped, to catch up on what was published meanwhile. */
  markDropped(): void {
    this.droppedAt ??= new Date(this.now()).toISOString();
  }

  /**
   * After a reconnect: subscribe again, rejoin presence, then ask history (no `before`) and
   * deliver what was published while away, oldest first; `deliver` drops what was seen.
   */
  async restore(): Promise<void> {
    if (this.presenceState) await this.join(this.presenceState);
    if (!this.subscribed) return;
    const subscribed = await this.subscribe();
    if (subscribed.error) return;
    const history = await this.history();
    const since = this.droppedAt;
    this.droppedAt = null;
    if (history.error) return;
    const missed = history.data.filter((message) =>
      this.lastMessageId
        ? message.id > this.lastMessageId
        : since !== null && message.createdAt >= since,
    );
    for (const message of missed.reverse()) this.deliver(message);
  }
}
