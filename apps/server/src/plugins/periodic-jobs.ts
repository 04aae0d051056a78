import type { FastifyInstance } from 'fastify';
import { createAdvisoryLeadership } from '../lib/cluster-locks';
import { createPeriodicJobs, inProcessLeadership, type PeriodicJobs } from '../lib/periodic-jobs';

declare module 'fastify' {
  interface FastifyInstance {
    periodicJobs: PeriodicJobs;
  }
}

/**
 * Periodic work (pruning expired sign-ins): in process on SQLite, as it always was; once per
 * cluster on PostgreSQL, where several instances may share the database.
 */
export function registerPeriodicJobs(app: FastifyInstance): void {
  const { connectionString } = app.database;
  const leadership = connectionString
    ? createAdvisoryLeadership(connectionString, app.log)
    : inProcessLeadership;
  app.decorate('periodicJobs', createPeriodicJobs(leadership, app.log));
  app.addHook('onClose', () => app.periodicJobs.close());
}
