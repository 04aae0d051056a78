import type { AdvisoryLocks } from '../../lib/cluster-locks';
import type { FileStore } from '../../lib/file-store/file-store';
import { storageQuotaExceeded } from './errors';
import { userFolder } from './paths';

/**
 * Each student's room in storage (STORAGE_QUOTA_MB): without it, one account could fill the
 * disk 50 MB at a time. Checking the room and then writing must not interleave with another
 * upload of the same student's, or two uploads could each see the room the other takes, so a
 * student's uploads take turns; different students never wait for each other.
 *
 * On PostgreSQL several instances share one bucket (docs/architecture.md §2.5, §4.3), so a turn
 * is also taken across them: an advisory lock named for the student, held from the check until
 * the write ends. The line in the process stays in front of it, so one instance holds at most
 * one connection per student instead of queueing one per upload at the database.
 */
export interface StorageQuota {
  /**
   * Runs `write` once the student has room for `bytes` at `path` (a file replaced there frees
   * its own size); 413 STORAGE_QUOTA_EXCEEDED otherwise.
   */
  writeWithin<T>(
    userId: string,
    change: { path: string; bytes: number },
    write: () => Promise<T>,
  ): Promise<T>;
}

export interface StorageQuotaOptions {
  /** The instances' shared locks (PostgreSQL); without them, one process is the whole line. */
  locks?: AdvisoryLocks;
}

/** The advisory lock of one student's line; the prefix keeps it apart from other locks. */
const quotaLockName = (userId: string) => `storage-quota:${userId}`;

export function createStorageQuota(
  store: FileStore,
  quotaBytes: number,
  options: StorageQuotaOptions = {},
): StorageQuota {
  // The latest upload in each student's line; the line ends when its last upload does.
  const lines = new Map<string, Promise<unknown>>();

  const requireRoom = async (userId: string, path: string, bytes: number) => {
    const [used, replaced] = await Promise.all([
      store.sizeOfPrefix(userFolder(userId)),
      store.stat(path),
    ]);
    const free = Math.max(0, quotaBytes - (used - (replaced?.size ?? 0)));
    if (bytes > free) throw storageQuotaExceeded(bytes, free, quotaBytes);
  };

  return {
    async writeWithin(userId, { path, bytes }, write) {
      const previous = lines.get(userId) ?? Promise.resolve();
      const checkThenWrite = async () => {
        await requireRoom(userId, path, bytes);
        return write();
      };
      const { locks } = options;
      const turn = previous.then(() =>
        locks ? locks.withLock(quotaLockName(userId), checkThenWrite) : checkThenWrite(),
      );
      // The next upload waits for this one however it ends.
      const settled = turn.catch(() => undefined);
      lines.set(userId, settled);
      void settled.then(() => {
        if (lines.get(userId) === settled) lines.delete(userId);
      });
      return turn;
    },
  };
}
