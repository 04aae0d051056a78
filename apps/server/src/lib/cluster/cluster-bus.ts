import { randomUUID } from 'node:crypto';

export type ClusterHandler<T> = (data: T) => void | Promise<void>;

/**
 * Messages between the instances of one deployment, by topic. Modules publish what the other
 * instances must learn (a live frame, an ended sign-in) and handle what they receive; they never
 * know the transport. An instance does its own part itself and never receives its own messages.
 */
export interface ClusterBus<Topics extends object> {
  /** This instance's id, carried by every message it sends. */
  readonly instanceId: string;
  /** Whether other instances may exist; false for the single-process bus. */
  readonly shared: boolean;
  /** Sends to every other instance; resolves once the database has taken it. */
  publish<K extends keyof Topics & string>(topic: K, data: Topics[K]): Promise<void>;
  /** Handles what other instances publish on `topic`; returns the function that unsubscribes. */
  subscribe<K extends keyof Topics & string>(
    topic: K,
    handler: ClusterHandler<Topics[K]>,
  ): () => void;
  /**
   * Called after the bus lost its connection and got it back: messages sent meanwhile were
   * missed, so what was cached on their strength must be read again.
   */
  onReconnect(handler: () => void): () => void;
  close(): Promise<void>;
}

/** One process, no peers (SQLite, docs/architecture.md §2.5): nothing to send, nothing comes. */
export function createSingleInstanceBus<Topics extends object>(): ClusterBus<Topics> {
  return {
    instanceId: randomUUID(),
    shared: false,
    publish: async () => {},
    subscribe: () => () => {},
    onReconnect: () => () => {},
    close: async () => {},
  };
}
