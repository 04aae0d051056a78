import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskFileStore } from './disk-file-store';
import { FileExistsError, InvalidKeyError, PathConflictError, type FileStore } from './file-store';

const body = (content: string) => Readable.from([Buffer.from(content)]);

describe('the disk file store', () => {
  let root: string;
  let store: FileStore;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'disk-store-'));
    store = createDiskFileStore(root);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes, describes, reads and removes a file, leaving no temp file behind', async () => {
    const put = await store.put('a/b/c.txt', body('hello'), { overwrite: false });
    expect(put).toMatchObject({ key: 'a/b/c.txt', size: 5, created: true });
    expect(put.etag).toMatch(/^"[0-9a-z-]+"$/);
    expect(await store.stat('a/b/c.txt')).toMatchObject({ size: 5, etag: put.etag });
    const opened = await store.open('a/b/c.txt');
    expect(await text(opened!.stream())).toBe('hello');
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
    expect(await store.remove('a/b/c.txt')).toBe(true);
    expect(await store.remove('a/b/c.txt')).toBe(false);
    expect(await store.stat('a/b/c.txt')).toBeNull();
    expect(await store.open('a/b/c.txt')).toBeNull();
  });

  it('refuses to overwrite unless asked, and a new version gets a new tag', async () => {
    const first = await store.put('f.txt', body('one'), { overwrite: false });
    await expect(store.put('f.txt', body('two'), { overwrite: false })).rejects.toBeInstanceOf(
      FileExistsError,
    );
    const second = await store.put('f.txt', body('two!'), { overwrite: true });
    expect(second.created).toBe(false);
    expect(second.etag).not.toBe(first.etag);
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('keeps serving the version a reader opened while it is overwritten', async () => {
    await store.put('v.txt', body('old content'), { overwrite: false });
    const opened = await store.open('v.txt');
    await store.put('v.txt', body('new'), { overwrite: true });
    expect(await text(opened!.stream())).toBe('old content');
    expect(await text((await store.open('v.txt'))!.stream({ start: 1, end: 2 }))).toBe('ew');
  });

  it('leaves nothing when the incoming stream fails half way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put('p.txt', failing, { overwrite: false })).rejects.toThrow('went away');
    expect(await store.stat('p.txt')).toBeNull();
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('reports a folder in the way as a conflict, and never treats a folder as a file', async () => {
    await store.put('d/inner.txt', body('x'), { overwrite: false });
    for (const overwrite of [false, true]) {
      await expect(store.put('d', body('y'), { overwrite })).rejects.toBeInstanceOf(
        PathConflictError,
      );
    }
    await expect(
      store.put('d/inner.txt/deeper.txt', body('z'), { overwrite: false }),
    ).rejects.toBeInstanceOf(PathConflictError);
    expect(await store.stat('d')).toBeNull();
    expect(await store.open('d')).toBeNull();
    expect(await store.remove('d')).toBe(false);
  });

  it('removes everything under a prefix and nothing beside it', async () => {
    await store.put('u/1/a.txt', body('a'), { overwrite: false });
    await store.put('u/1/deep/b.txt', body('b'), { overwrite: false });
    await store.put('u/12/c.txt', body('c'), { overwrite: false });
    await store.removePrefix('u/1/');
    await store.removePrefix('u/never/');
    expect(await store.stat('u/1/a.txt')).toBeNull();
    expect(await store.stat('u/1/deep/b.txt')).toBeNull();
    expect(await store.stat('u/12/c.txt')).not.toBeNull();
    await expect(store.removePrefix('u/12')).rejects.toBeInstanceOf(InvalidKeyError);
  });

  it.each(['', '/abs', 'a//b', 'a/../b', '..', './a', 'a/.', '.tmp/x', 'a\\b', 'a/b\0c'])(
    'refuses the key %j',
    async (key) => {
      await expect(store.put(key, body('x'), { overwrite: true })).rejects.toBeInstanceOf(
        InvalidKeyError,
      );
      await expect(store.stat(key)).rejects.toBeInstanceOf(InvalidKeyError);
    },
  );
});
