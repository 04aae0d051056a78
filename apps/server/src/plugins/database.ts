import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/dialects/types';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/** Makes the database available to every module and closes it when the app closes. */
export function registerDatabase(app: FastifyInstance, database: DatabaseHandle, owned: boolean) {
  app.decorate('database', database);
  if (owned) app.addHook('onClose', () => database.close());
}
