import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that answers "maybe send an email", run after the reply. Whether it finds an account and
 * sends, or finds none, the caller has already had the same answer at the same speed: a
 * request that waited for the mail server would tell the caller which addresses have accounts.
 */
export interface BackgroundMail {
  /** Starts the work; a failure is logged, never shown to anyone. */
  run(label: string, work: () => Promise<void>): void;
  /** Resolves once everything started has finished (the server waits for it on close). */
  settle(): Promise<void>;
}

export function createBackgroundMail(log: FastifyBaseLogger): BackgroundMail {
  const pending = new Set<Promise<void>>();
  return {
    run(label, work) {
      // Started on the next turn, after the handler's reply has gone out: on SQLite even the
      // first query would otherwise run before it.
      const task = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => log.error({ err: error }, `${label} failed`))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async settle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
