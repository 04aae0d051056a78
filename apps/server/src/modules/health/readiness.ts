import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/dialects/types';
import type { FileStore } from '../../lib/file-store/file-store';

/** A part the instance needs to serve requests, as the readiness check reports it. */
export type PartState = 'ok' | 'unavailable';

export interface Readiness {
  database: PartState;
  storage: PartState;
}

/**
 * Long enough for a busy database to answer `select 1`, short enough that a load balancer's
 * probe (typically 5 s) gets an answer rather than timing out itself.
 */
export const READINESS_TIMEOUT_MS = 2000;

/**
 * A key no upload can have (uploads live under a student's folder), so the check reads nothing
 * real: the store answering "no such file" is as good as any answer.
 */
const STORAGE_SENTINEL = 'health/readiness-sentinel';

async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function probe(work: () => Promise<unknown>, onFailure: (error: unknown) => void) {
  try {
    await within(work(), READINESS_TIMEOUT_MS);
    return 'ok' as const;
  } catch (error) {
    onFailure(error);
    return 'unavailable' as const;
  }
}

/** Asks the database and the file store at once whether they answer. */
export async function checkReadiness(
  database: DatabaseHandle,
  store: FileStore,
  onFailure: (part: keyof Readiness, error: unknown) => void,
): Promise<Readiness> {
  const [databaseState, storageState] = await Promise.all([
    probe(
      () => sql`select 1`.execute(database.db),
      (error) => onFailure('database', error),
    ),
    probe(
      () => store.stat(STORAGE_SENTINEL),
      (error) => onFailure('storage', error),
    ),
  ]);
  return { database: databaseState, storage: storageState };
}
