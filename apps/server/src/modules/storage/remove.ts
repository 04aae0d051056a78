import { z } from 'zod';
import type { StorageContext } from './context';
import { invalidParameters } from './errors';
import { parseStoragePath, requireOwnFolder } from './paths';

const MAX_PATHS_PER_REQUEST = 100;

const removeBody = z.object({
  paths: z.array(z.unknown()).min(1).max(MAX_PATHS_PER_REQUEST),
});

export interface RemoveResult {
  /** The paths that named a file and were removed; missing files are left out. */
  removed: string[];
}

/**
 * Every path is checked before anything is removed, so a request with one bad or foreign path
 * changes nothing: a rejected request never changes data.
 */
export async function removeFiles(
  context: StorageContext,
  body: unknown,
  userId: string,
): Promise<RemoveResult> {
  const parsed = removeBody.safeParse(body);
  if (!parsed.success) throw invalidParameters();
  const paths = [...new Set(parsed.data.paths.map(parseStoragePath))];
  for (const path of paths) requireOwnFolder(path, userId);
  const removed: string[] = [];
  for (const path of paths) {
    if (await context.store.remove(path)) removed.push(path);
  }
  return { removed };
}
