import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@campuscollab/shared';
import { CHECKPOINT_INTERVAL_MS } from '../../src/db/dialects/sqlite-checkpoints';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { listFiles, storageDirs } from './storage-client';

const MIB = 1024 * 1024;
const BOUNDARY = 'campuscollab-size-test';
const PDF_HEAD = Buffer.from('%PDF-1.4\n');
// Reused for every chunk, so the client side of the test allocates nothing as it streams.
const FILLER = Buffer.alloc(64 * 1024, 'a');

/** A multipart body whose file part is `size` bytes of a PDF, generated as it is sent. */
async function* multipartBody(path: string, size: number): AsyncGenerator<Uint8Array> {
  yield Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="path"\r\n\r\n${path}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  yield PDF_HEAD;
  for (let sent = PDF_HEAD.length; sent < size; sent += FILLER.length) {
    yield FILLER.subarray(0, Math.min(FILLER.length, size - sent));
  }
  yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
}

/** Streams the upload and samples this process's memory (the server runs in it) meanwhile. */
async function uploadGenerated(baseUrl: string, token: string, path: string, size: number) {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const response = await fetch(`${baseUrl}/api/storage/campus/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      body: ReadableStream.from(multipartBody(path, size)),
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    const body = (await response.json()) as Record<string, unknown>;
    return { status: response.status, body, growth: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}

describe('the 50 MB upload limit', () => {
  let server: TestApp;
  let token: string;
  let folder: string;
  const warmUp = () => `${folder}/warm-up.pdf`;

  beforeAll(async () => {
    server = await startTestApp('sqlite');
    const account = await createVerifiedAccount(server.baseUrl, 'big@mit.edu');
    token = account.access_token;
    folder = `profile-pictures/${account.user.id}`;
    // The first stream through a fresh process grows its heaps and socket buffers once;
    // without this warm-up that one-off growth would be counted against the upload.
    await uploadGenerated(server.baseUrl, token, `${folder}/warm-up.pdf`, 4 * MIB);
    // The writes above start SQLite's checkpoint worker at its next look at the log (about
    // 14 MB, once per process); counted during the upload, it would read as the upload's.
    await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_INTERVAL_MS * 2.5));
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses 51 MB with 413 and the real size, keeps nothing, and never holds it in memory', async () => {
    const answer = await uploadGenerated(server.baseUrl, token, `${folder}/big.pdf`, 51 * MIB);
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File size (51 MB) exceeds maximum allowed size (50MB)',
    });
    expect(answer.growth).toBeLessThan(40 * MIB);
    expect(listFiles(storageDirs(server).storageDir)).toEqual([warmUp()]);
    expect(listFiles(storageDirs(server).stagingDir)).toEqual([]);
  });

  it('rounds up to a tenth of a MB, so one byte over never reads as 50 MB', async () => {
    const answer = await uploadGenerated(
      server.baseUrl,
      token,
      `${folder}/over.pdf`,
      UPLOAD_MAX_BYTES + 1,
    );
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('File size (50.1 MB) exceeds maximum allowed size (50MB)');
    expect(listFiles(storageDirs(server).storageDir)).toEqual([warmUp()]);
  });

  it('accepts exactly 50 MB, streamed to disk and back', async () => {
    const answer = await uploadGenerated(
      server.baseUrl,
      token,
      `${folder}/exact.pdf`,
      UPLOAD_MAX_BYTES,
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ size: UPLOAD_MAX_BYTES, contentType: 'application/pdf' });
    expect(answer.growth).toBeLessThan(40 * MIB);
    expect(listFiles(storageDirs(server).storageDir)).toEqual([`${folder}/exact.pdf`, warmUp()]);
    expect(listFiles(storageDirs(server).stagingDir)).toEqual([]);
    const response = await fetch(String(answer.body.url));
    expect(response.headers.get('content-length')).toBe(String(UPLOAD_MAX_BYTES));
    await response.body?.cancel();
  });
});
