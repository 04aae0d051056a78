import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadProgress } from '../src/storage/upload-request';
import { PDF, startWithTwoStudents, type TwoStudents } from './helpers/two-students';

describe('storage against the real server (SQLite, fetch transport)', () => {
  let world: TwoStudents;
  beforeAll(async () => {
    world = await startWithTwoStudents();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('uploads with progress (fetch fallback: 0 then 100), downloads and removes files', async () => {
    const { ada, adaId, bob } = world;
    const progress: UploadProgress[] = [];
    const path = `profile-pictures/${adaId}/cv.pdf`;
    const upload = await ada.storage.upload(path, new Blob([PDF], { type: 'application/pdf' }), {
      onProgress: (event) => progress.push(event),
    });
    expect(upload.error).toBeNull();
    expect(upload.data).toMatchObject({ path, size: PDF.length, contentType: 'application/pdf' });
    expect(progress.map((event) => event.percent)).toEqual([0, 100]);

    const conflict = await ada.storage.upload(path, new Blob([PDF]));
    expect(conflict.error).toMatchObject({
      kind: 'STORAGE_ERROR',
      status: 409,
      message: 'File already exists. Set upsert: true to overwrite.',
    });
    expect((await ada.storage.upload(path, new Blob([PDF]), { upsert: true })).error).toBeNull();

    const foreign = await bob.storage.upload(path, new Blob([PDF]));
    expect(foreign.error).toMatchObject({ kind: 'STORAGE_ERROR', status: 403 });

    const downloaded = await bob.storage.download(path);
    expect(new Uint8Array(await downloaded.data!.arrayBuffer())).toEqual(PDF);
    const viaPublicUrl = await fetch(ada.storage.getPublicUrl(path));
    expect(viaPublicUrl.status).toBe(200);

    expect((await ada.storage.remove([path])).data).toEqual({ removed: [path] });
    expect((await ada.storage.download(path)).error).toMatchObject({
      kind: 'STORAGE_ERROR',
      status: 404,
      message: 'File not found',
    });
  });
});
