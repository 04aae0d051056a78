import { startPostgresCluster } from '@campuscollab/server/testing';
import { removeOnInterrupt } from './leftovers';

export interface PostgresServer {
  /** An admin connection string; each size gets a database of its own on it. */
  url: string;
  /** Where it came from, for the results' header. */
  origin: string;
  stop(): void;
}

/**
 * DATABASE_URL's server when set; otherwise a throwaway cluster started for the run, with the
 * crash-safety defaults a deployment keeps (fsync and synchronous commit on), deleted afterwards.
 */
export async function openPostgresServer(): Promise<PostgresServer> {
  const given = process.env.DATABASE_URL;
  if (given) return { url: given, origin: 'the server at DATABASE_URL', stop: () => {} };
  const cluster = await startPostgresCluster({ durable: true });
  const removal = removeOnInterrupt(() => cluster.stop());
  return {
    url: cluster.url,
    origin: 'a throwaway local cluster, default durability (fsync, synchronous commit)',
    stop: removal.now,
  };
}
