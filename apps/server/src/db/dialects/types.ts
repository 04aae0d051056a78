import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export type DatabaseKind = 'sqlite' | 'postgres';

/**
 * What differs between the two databases lives behind this interface, as properties, so queries
 * elsewhere stay dialect-free.
 */
export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Kysely<Database>;
  close(): Promise<void>;
}
