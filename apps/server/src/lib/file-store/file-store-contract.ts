import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  FileChangedError,
  FileExistsError,
  InvalidKeyError,
  PathConflictError,
  type FileStore,
} from './file-store';

export interface ContractStore {
  store: FileStore;
  /** Whatever a write may leave beside the files (temp files); empty when nothing is left. */
  leftovers?: () => Promise<string[]>;
  cleanup(): Promise<void>;
}

export interface ContractOptions {
  /** A file opened before an overwrite still reads as it was (disk); else it fails to read. */
  keepsReplacedVersions: boolean;
}

const body = (content: string) => Readable.from([Buffer.from(content)]);

/**
 * What every FileStore promises the storage routes (file-store.ts), run against each store, so
 * the disk and the bucket behave alike where the routes can tell. Call inside a `describe`.
 */
export function fileStoreContract(
  createStore: () => Promise<ContractStore>,
  options: ContractOptions,
): void {
  let current: ContractStore;
  let store: FileStore;
  const expectNoLeftovers = async () => {
    if (current.leftovers) expect(await current.leftovers()).toEqual([]);
  };
  beforeEach(async () => {
    current = await createStore();
    store = current.store;
  });
  afterEach(async () => {
    await current.cleanup();
  });

  it('writes, describes, reads and removes a file, leaving nothing behind', async () => {
    const put = await store.put('a/b/c.txt', body('hello'), { overwrite: false });
    expect(put).toMatchObject({ key: 'a/b/c.txt', size: 5, created: true });
    expect(put.etag).toMatch(/^"[0-9a-z-]+"$/);
    expect(put.modifiedAt).toBeInstanceOf(Date);
    expect(await store.stat('a/b/c.txt')).toMatchObject({ size: 5, etag: put.etag });
    const opened = await store.open('a/b/c.txt');
    expect(opened!.info).toMatchObject({ size: 5, etag: put.etag });
    expect(await text(opened!.stream())).toBe('hello');
    await expectNoLeftovers();
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
    expect(await text((await store.open('f.txt'))!.stream())).toBe('one');
    const second = await store.put('f.txt', body('two!'), { overwrite: true });
    expect(second.created).toBe(false);
    expect(second.etag).not.toBe(first.etag);
    expect(await text((await store.open('f.txt'))!.stream())).toBe('two!');
    const fresh = await store.put('g.txt', body('new'), { overwrite: true });
    expect(fresh.created).toBe(true);
    await expectNoLeftovers();
  });

  it('reads byte ranges of the version opened', async () => {
    await store.put('r.txt', body('0123456789'), { overwrite: false });
    const opened = await store.open('r.txt');
    expect(await text(opened!.stream({ start: 2, end: 4 }))).toBe('234');
    expect(await text((await store.open('r.txt'))!.stream({ start: 9, end: 9 }))).toBe('9');
  });

  if (options.keepsReplacedVersions) {
    it('keeps serving the version a reader opened while it is overwritten', async () => {
      await store.put('v.txt', body('old content'), { overwrite: false });
      const opened = await store.open('v.txt');
      await store.put('v.txt', body('new'), { overwrite: true });
      expect(await text(opened!.stream())).toBe('old content');
      expect(await text((await store.open('v.txt'))!.stream({ start: 1, end: 2 }))).toBe('ew');
    });
  } else {
    it('fails to read a version replaced or removed since it was opened, never mixing', async () => {
      await store.put('v.txt', body('old content'), { overwrite: false });
      const replaced = await store.open('v.txt');
      const rangeOfReplaced = await store.open('v.txt');
      await store.put('v.txt', body('new'), { overwrite: true });
      await expect(text(replaced!.stream())).rejects.toBeInstanceOf(FileChangedError);
      await expect(text(rangeOfReplaced!.stream({ start: 0, end: 1 }))).rejects.toBeInstanceOf(
        FileChangedError,
      );
      expect(await text((await store.open('v.txt'))!.stream({ start: 1, end: 2 }))).toBe('ew');
      const removed = await store.open('v.txt');
      await store.remove('v.txt');
      await expect(text(removed!.stream())).rejects.toBeInstanceOf(FileChangedError);
    });
  }

  it('leaves nothing when the incoming stream fails half way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.put('p.txt', failing, { overwrite: false })).rejects.toThrow('went away');
    expect(await store.stat('p.txt')).toBeNull();
    await expectNoLeftovers();
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
    expect(await store.stat('d/inner.txt/deeper.txt')).toBeNull();
  });

  it('removes everything under a prefix and nothing beside it', async () => {
    await store.put('u/1/a.txt', body('a'), { overwrite: false });
    await store.put('u/1/deep/b.txt', body('b'), { overwrite: false });
    await store.put('u/12/c.txt', body('c'), { overwrite: false });
    await store.put('u/1.txt', body('d'), { overwrite: false });
    await store.removePrefix('u/1/');
    await store.removePrefix('u/never/');
    expect(await store.stat('u/1/a.txt')).toBeNull();
    expect(await store.stat('u/1/deep/b.txt')).toBeNull();
    expect(await store.stat('u/12/c.txt')).not.toBeNull();
    expect(await store.stat('u/1.txt')).not.toBeNull();
    await expect(store.removePrefix('u/12')).rejects.toBeInstanceOf(InvalidKeyError);
    await expect(store.removePrefix('../')).rejects.toBeInstanceOf(InvalidKeyError);
  });

  it('adds up the bytes under a prefix and nothing beside it', async () => {
    await store.put('s/1/a.txt', body('abc'), { overwrite: false });
    await store.put('s/1/deep/b.txt', body('defgh'), { overwrite: false });
    await store.put('s/12/c.txt', body('ijklmnop'), { overwrite: false });
    expect(await store.sizeOfPrefix('s/1/')).toBe(8);
    expect(await store.sizeOfPrefix('s/')).toBe(16);
    expect(await store.sizeOfPrefix('s/none/')).toBe(0);
    await expect(store.sizeOfPrefix('s/1')).rejects.toBeInstanceOf(InvalidKeyError);
  });

  it.each(['', '/abs', 'a//b', 'a/', 'a/../b', '..', './a', 'a/.', '.tmp/x', 'a\\b', 'a/b\0c'])(
    'refuses the key %j',
    async (key) => {
      await expect(store.put(key, body('x'), { overwrite: true })).rejects.toBeInstanceOf(
        InvalidKeyError,
      );
      await expect(store.stat(key)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store.open(key)).rejects.toBeInstanceOf(InvalidKeyError);
      await expect(store.remove(key)).rejects.toBeInstanceOf(InvalidKeyError);
    },
  );
}
