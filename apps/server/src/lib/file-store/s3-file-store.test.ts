import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/helpers/s3-server';
import { FileExistsError } from './file-store';
import { fileStoreContract } from './file-store-contract';
import { createS3FileStore } from './s3-file-store';

const MIB = 1024 * 1024;

/** `mib` MiB in 1 MiB chunks, each its own byte value, of a length no one announces. */
const streamOf = (mib: number, seed: number, fail = false) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < mib; i++) {
        if (fail && i === mib - 1) throw new Error('client went away');
        yield Buffer.alloc(MIB, (seed + i) % 256);
      }
    })(),
  );
const digestOf = async (stream: Readable) => {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

describe.each([
  ['a service that ignores conditional requests (s3rver as it is)', false],
  ['a service that honours If-None-Match and If-Match', true],
])('the S3 file store on %s', (_label, conditional) => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server({ conditional });
  });
  afterAll(async () => {
    await s3.close();
  });

  fileStoreContract(
    async () => {
      // A bucket per test, and pages of two keys so that listing and removal cross pages.
      const bucket = await s3.createBucket();
      return {
        store: createS3FileStore({ client: s3.client, bucket, pageSize: 2 }),
        cleanup: async () => {},
      };
    },
    { keepsReplacedVersions: false },
  );

  it('streams a large upload of unknown length in parts, and reads any range of it back', async () => {
    const store = createS3FileStore({ client: s3.client, bucket: await s3.createBucket() });
    const put = await store.put('big/file.bin', streamOf(12, 1), { overwrite: false });
    expect(put).toMatchObject({ size: 12 * MIB, created: true });
    const opened = await store.open('big/file.bin');
    expect(await digestOf(opened!.stream())).toBe(await digestOf(streamOf(12, 1)));
    const across = await store.open('big/file.bin');
    const bytes = Buffer.concat(
      await across!.stream({ start: 5 * MIB - 2, end: 5 * MIB + 1 }).toArray(),
    );
    expect([...bytes]).toEqual([5, 5, 6, 6]);
    expect(await store.sizeOfPrefix('big/')).toBe(12 * MIB);
  });

  it('leaves no object when a multipart upload’s stream fails after some parts', async () => {
    const store = createS3FileStore({ client: s3.client, bucket: await s3.createBucket() });
    await expect(
      store.put('big/broken.bin', streamOf(12, 1, true), { overwrite: false }),
    ).rejects.toThrow('went away');
    expect(await store.stat('big/broken.bin')).toBeNull();
    expect(await store.sizeOfPrefix('big/')).toBe(0);
  });

  if (conditional) {
    it('lets exactly one of simultaneous creations win, in one part or many', async () => {
      const store = createS3FileStore({ client: s3.client, bucket: await s3.createBucket() });
      for (const [key, mib] of [
        ['small.bin', 0],
        ['big.bin', 6],
      ] as const) {
        const bodies = [1, 2, 3].map((seed) =>
          mib ? streamOf(mib, seed) : Readable.from([Buffer.from(`writer ${seed}`)]),
        );
        const outcomes = await Promise.allSettled(
          bodies.map((body) => store.put(key, body, { overwrite: false })),
        );
        const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
        const lost = outcomes.flatMap((outcome) =>
          outcome.status === 'rejected' ? [outcome.reason] : [],
        );
        expect(won, key).toHaveLength(1);
        expect(lost, key).toHaveLength(2);
        for (const reason of lost) expect(reason).toBeInstanceOf(FileExistsError);
        // The object is the winner's, whole.
        const stored = await store.stat(key);
        expect(stored?.etag).toBe(won[0]!.value.etag);
      }
    });
  }
});
