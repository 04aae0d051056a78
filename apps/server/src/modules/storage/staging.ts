import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An uploaded file as received: on disk while it is checked, or only counted when too big. */
export interface StagedFile {
  /** Null when the file was over the limit: its bytes were counted and dropped. */
  tempPath: string | null;
  size: number;
  /** The type the client declared; never trusted, only used to pick an error message. */
  declaredType: string;
}

/**
 * Streams an upload to a new file in `dir` without holding it in memory. Past `maxBytes` the
 * rest is still read and counted but not written, so the client gets the size message of
 * docs/product.md §8.7 with the real size and the connection is left clean, and the partial file
 * is deleted.
 */
export async function stageUpload(
  body: Readable,
  dir: string,
  maxBytes: number,
  declaredType: string,
): Promise<StagedFile> {
  await mkdir(dir, { recursive: true });
  const tempPath = path.join(dir, randomUUID());
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(null, size > maxBytes ? undefined : chunk);
    },
  });
  try {
    await pipeline(body, limit, createWriteStream(tempPath, { flags: 'wx' }));
  } catch (error) {
    await rm(tempPath, { force: true });
    throw error;
  }
  if (size <= maxBytes) return { tempPath, size, declaredType };
  await rm(tempPath, { force: true });
  return { tempPath: null, size, declaredType };
}

/** Reads a part nobody wants to the end, so the parser reaches the parts after it. */
export async function discardUpload(body: Readable): Promise<void> {
  await pipeline(body, new Writable({ write: (_chunk, _encoding, done) => done() }));
}

export async function removeStagedFile(file: StagedFile | undefined): Promise<void> {
  if (file?.tempPath) await rm(file.tempPath, { force: true });
}

/**
 * Deletes staged files a crash left behind. Run at start; the age threshold spares uploads of
 * another server sharing the data folder during a rolling restart.
 */
export async function removeStaleStagedFiles(dir: string, maxAgeMs: number): Promise<void> {
  const names = await readdir(dir).catch(() => []);
  const cutoff = Date.now() - maxAgeMs;
  for (const name of names) {
    const file = path.join(dir, name);
    const stats = await stat(file).catch(() => null);
    if (stats && stats.mtimeMs < cutoff) await rm(file, { force: true });
  }
}
