import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { ApplicationsTable, MessagesTable } from '../db/schema';
import type { EndedSessions } from './live-sessions';

/**
 * What happened in the product, for the modules that react to it (realtime, notification
 * emails, storage cleanup) without the module that caused it knowing them. Emitted after the
 * change is committed.
 */
export interface DomainEventMap {
  'message.created': { message: Selectable<MessagesTable> };
  'application.created': { application: Selectable<ApplicationsTable>; projectOwnerId: string };
  'application.updated': { application: Selectable<ApplicationsTable>; previousStatus: string };
  'account.deleted': { accountId: string };
  /** Logout, a detected token theft or a password reset; account deletion has its own event. */
  'sessions.ended': EndedSessions;
  /**
   * A student left a project's team or its owner removed them. Emitted after the commit and
   * awaited, so the answer to the leave or remove waits until their sockets lost the channel.
   */
  'team.access.ended': { projectId: string; userId: string; reason: 'left' | 'removed' };
}

type Handler<K extends keyof DomainEventMap> = (payload: DomainEventMap[K]) => void | Promise<void>;

export class DomainEvents {
  private readonly handlers = new Map<keyof DomainEventMap, Set<Handler<never>>>();
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Subscribes; returns the function that unsubscribes. */
  on<K extends keyof DomainEventMap>(name: K, handler: Handler<K>): () => void {
    const set = this.handlers.get(name) ?? new Set();
    set.add(handler as Handler<never>);
    this.handlers.set(name, set);
    return () => set.delete(handler as Handler<never>);
  }

  /**
   * Runs every handler; a failing handler is logged and never fails the caller, whose change
   * is already committed. Await it when the answer depends on the handlers (account deletion
   * removing files); otherwise leave it running: shutdown waits for it.
   */
  emit<K extends keyof DomainEventMap>(name: K, payload: DomainEventMap[K]): Promise<void> {
    const handlers = [...(this.handlers.get(name) ?? [])] as Handler<K>[];
    const run = Promise.allSettled(handlers.map(async (handler) => handler(payload))).then(
      (results) => {
        for (const result of results) {
          if (result.status === 'rejected') {
            this.log.error({ err: result.reason, event: name }, 'event handler failed');
          }
        }
      },
    );
    this.pending.add(run);
    void run.finally(() => this.pending.delete(run));
    return run;
  }

  /** Waits for handlers still running (on shutdown). */
  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    events: DomainEvents;
  }
}

export function registerEvents(app: FastifyInstance): void {
  app.decorate('events', new DomainEvents(app.log));
  app.addHook('onClose', () => app.events.drain());
}
