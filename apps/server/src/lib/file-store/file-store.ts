import type { Readable } from 'node:stream';

/**
 * Where uploaded files live, behind an interface so the local disk can be swapped for an
 * S3-compatible bucket without touching the routes. Keys are relative, '/'-separated paths
 * (`profile-pictures/u1/avatar.webp`); the caller validates them for its own rules, and every
 * store refuses keys that could escape its root.
 */
export interface FileStore {
  /**
   * Writes the whole stream under `key` atomically: a reader sees the previous file or the new
   * one, never a part. Rejects with `FileExistsError` when the key exists and `overwrite` is false.
   */
  put(key: string, body: Readable, options: PutOptions): Promise<PutResult>;
  /** The file's size and validator, or null when there is no file at `key`. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** Opens the file for reading, or null when there is none. Call `stream` or `close`, once. */
  open(key: string): Promise<OpenedFile | null>;
  /** Removes one file; false when there was none. */
  remove(key: string): Promise<boolean>;
  /** Removes every file whose key starts with `prefix`, which must end with '/'. */
  removePrefix(prefix: string): Promise<void>;
  /** The bytes of every file whose key starts with `prefix` (ending with '/'); 0 for none. */
  sizeOfPrefix(prefix: string): Promise<number>;
}

export interface PutOptions {
  overwrite: boolean;
}

export interface StoredFileInfo {
  key: string;
  size: number;
  /** A strong entity tag, quoted as in HTTP: it changes whenever the content may have changed. */
  etag: string;
  modifiedAt: Date;
}

export interface PutResult extends StoredFileInfo {
  /** False when an existing file was replaced. */
  created: boolean;
}

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface OpenedFile {
  info: StoredFileInfo;
  /**
   * The content (or a range of it) of the version `info` describes, even if replaced since; a
   * store that cannot keep a replaced version (S3) fails the stream with FileChangedError
   * instead, never serving another version's bytes under this `info`.
   */
  stream(range?: ByteRange): Readable;
  close(): Promise<void>;
}

export class FileExistsError extends Error {
  override name = 'FileExistsError';
}

/** The key names a folder (or runs through a file), so no file can be written there. */
export class PathConflictError extends Error {
  override name = 'PathConflictError';
}

/** The version a file was opened at was replaced or removed before it could be read. */
export class FileChangedError extends Error {
  override name = 'FileChangedError';
}

export class InvalidKeyError extends Error {
  override name = 'InvalidKeyError';
}
