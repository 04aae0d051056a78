import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './helpers/postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the PostgreSQL server the tests create their databases on. */
    postgresUrl: string;
  }
}

/** Starts one PostgreSQL cluster for the run, unless TEST_DATABASE_URL names a server to use. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('postgresUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
