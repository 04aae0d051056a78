import { randomUUID } from 'node:crypto';
import { createWriteStream, type BigIntStats } from 'node:fs';
import { link, lstat, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  FileExistsError,
  PathConflictError,
  type FileStore,
  type StoredFileInfo,
} from './file-store';
import { splitKey, splitPrefix } from './keys';

// Under the root but outside every valid key (keys may not start with a dot), and on the same
// filesystem as the files, so moving a finished temp file into place is a rename, not a copy.
const TEMP_DIR = '.tmp';

// Filesystems without hard links (some network and FAT mounts) answer link() with these.
const LINK_UNSUPPORTED = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);
const MISSING = new Set(['ENOENT', 'ENOTDIR']);

const errorCode = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

/**
 * The inode, size and nanosecond mtime change with every write (each put renames a new file
 * into place), so they make a strong validator without reading or hashing the content.
 */
function describe(key: string, stats: BigIntStats): StoredFileInfo {
  const tag = [stats.ino, stats.size, stats.mtimeNs].map((n) => n.toString(36)).join('-');
  return {
    key,
    size: Number(stats.size),
    etag: `"${tag}"`,
    modifiedAt: new Date(Number(stats.mtimeMs)),
  };
}

async function writeDurably(file: string, body: Readable): Promise<void> {
  // Flushed before the rename, so a crash never leaves a renamed but empty file.
  await pipeline(body, createWriteStream(file, { flags: 'wx', flush: true }));
}

async function makeParentFolder(target: string): Promise<void> {
  try {
    await mkdir(path.dirname(target), { recursive: true });
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOTDIR' || code === 'EEXIST') throw new PathConflictError(target);
    throw error;
  }
}

async function isFolder(file: string): Promise<boolean> {
  const stats = await lstat(file).catch(() => null);
  return Boolean(stats?.isDirectory());
}

/** Moves the temp file to `target`; true when nothing was there before. */
async function moveIntoPlace(temp: string, target: string, overwrite: boolean): Promise<boolean> {
  try {
    // link() fails if anything exists at target: the existence check and the write are one step.
    await link(temp, target);
    return true;
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOTDIR' || (code === 'EEXIST' && (await isFolder(target)))) {
      throw new PathConflictError(target);
    }
    if (code !== 'EEXIST' && !LINK_UNSUPPORTED.has(code ?? '')) throw error;
    const existed =
      code === 'EEXIST' ||
      (await stat(target).then(
        () => true,
        () => false,
      ));
    if (existed && !overwrite) throw new FileExistsError(target);
    await rename(temp, target);
    return !existed;
  }
}

/** Files under `rootDir`, written through a temp file and a rename. */
export function createDiskFileStore(rootDir: string): FileStore {
  const root = path.resolve(rootDir);
  const tempDir = path.join(root, TEMP_DIR);
  const locate = (key: string) => path.join(root, ...splitKey(key));

  const statKey = async (key: string): Promise<StoredFileInfo | null> => {
    try {
      const stats = await stat(locate(key), { bigint: true });
      return stats.isFile() ? describe(key, stats) : null;
    } catch (error) {
      if (MISSING.has(errorCode(error) ?? '')) return null;
      throw error;
    }
  };

  return {
    async put(key, body, { overwrite }) {
      const target = locate(key);
      await mkdir(tempDir, { recursive: true });
      const temp = path.join(tempDir, randomUUID());
      try {
        await writeDurably(temp, body);
        await makeParentFolder(target);
        const created = await moveIntoPlace(temp, target, overwrite);
        const info = await statKey(key);
        if (!info) throw new Error(`file ${key} vanished right after it was written`);
        return { ...info, created };
      } finally {
        await rm(temp, { force: true });
      }
    },

    stat: statKey,

    async open(key) {
      const handle = await open(locate(key), 'r').catch((error: unknown) => {
        if (MISSING.has(errorCode(error) ?? '') || errorCode(error) === 'EISDIR') return null;
        throw error;
      });
      if (!handle) return null;
      const stats = await handle.stat({ bigint: true });
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      return {
        info: describe(key, stats),
        // Reads through the descriptor opened above: a concurrent overwrite renames a new file
        // into place and leaves this version readable until the stream closes it.
        stream: (range) => handle.createReadStream(range ? { ...range } : {}),
        close: () => handle.close(),
      };
    },

    async remove(key) {
      try {
        await unlink(locate(key));
        return true;
      } catch (error) {
        const code = errorCode(error) ?? '';
        if (MISSING.has(code) || code === 'EISDIR') return false;
        throw error;
      }
    },

    async removePrefix(prefix) {
      const folder = path.join(root, ...splitPrefix(prefix));
      if (await isFolder(folder)) await rm(folder, { recursive: true, force: true });
    },

    async sizeOfPrefix(prefix) {
      const folder = path.join(root, ...splitPrefix(prefix));
      if (!(await isFolder(folder))) return 0;
      const entries = await readdir(folder, { recursive: true, withFileTypes: true });
      const sizes = await Promise.all(
        entries
          .filter((entry) => entry.isFile())
          .map((entry) =>
            // A file removed meanwhile takes no room.
            lstat(path.join(entry.parentPath, entry.name)).then(
              (stats) => stats.size,
              () => 0,
            ),
          ),
      );
      return sizes.reduce((total, size) => total + size, 0);
    },
  };
}
