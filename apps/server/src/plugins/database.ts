import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/dialects/types';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

export interface RegisterDatabaseOptions {
  /** Whether the app owns the database and closes it when it closes (tests share theirs). */
  owned: boolean;
}

/** Makes the database available to every module and, if the app owns it, closes it with the app. */
export function registerDatabase(
  app: FastifyInstance,
  database: DatabaseHandle,
  { owned }: RegisterDatabaseOptions,
) {
  app.decorate('database', database);
  if (owned) app.addHook('onClose', () => database.close());
}
