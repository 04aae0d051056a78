import { UPLOAD_MAX_BYTES } from '@campuscollab/shared/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAuthServer, createTestClient, storeTokens } from '../../test/helpers/auth-server';
import { jsonResponse } from '../../test/helpers/fake-server';
import { createSharedStorage } from '../../test/helpers/memory-storage';
import type { ClientOptions } from '../create-client';
import type { UploadProgress } from './upload-request';

const UPLOAD = '/api/storage/campus/upload';
const stored = {
  path: 'profile-pictures/a1/me.webp',
  url: 'https://x/y',
  size: 3,
  contentType: 'image/webp',
};

/** A stand-in for the browser's XMLHttpRequest that reports upload progress in quarters. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  headers = new Map<string, string>();
  method = '';
  url = '';
  body: unknown;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }
  send(body: unknown) {
    this.body = body;
    queueMicrotask(() => {
      for (const loaded of [0, 50, 100]) {
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
      }
      this.status = 201;
      this.responseText = JSON.stringify(stored);
      this.onload?.();
    });
  }
}

async function signedIn(options: Partial<ClientOptions> = {}) {
  const auth = createAuthServer();
  const storage = createSharedStorage();
  const tokens = auth.issue();
  storeTokens(storage, tokens);
  const { client } = createTestClient(auth, { storage, ...options });
  await client.auth.ready;
  return { auth, tokens, client };
}

const blobOfSize = (size: number) => {
  const blob = new Blob(['abc']);
  Object.defineProperty(blob, 'size', { value: size });
  return blob;
};

describe('storage', () => {
  let progress: number[];
  const onProgress = (event: UploadProgress) => progress.push(event.percent);
  beforeEach(() => {
    progress = [];
  });

  it('refuses files over 50 MB before sending, in the words of docs/product.md §8.7', async () => {
    const { auth, client } = await signedIn();
    const oneByteOver = await client.storage.upload(
      'profile-pictures/a1/big.bin',
      blobOfSize(UPLOAD_MAX_BYTES + 1),
    );
    const sixty = await client.storage.upload(
      'profile-pictures/a1/big.bin',
      blobOfSize(60 * 1024 * 1024),
    );

    expect(oneByteOver.error).toMatchObject({
      kind: 'STORAGE_ERROR',
      status: 413,
      message: 'File size (50.1 MB) exceeds maximum allowed size (50MB)',
    });
    expect(sixty.error?.message).toBe('File size (60 MB) exceeds maximum allowed size (50MB)');
    expect(auth.server.calls('POST', UPLOAD)).toHaveLength(0);
  });

  it('without XMLHttpRequest uploads with fetch and reports 0 then 100', async () => {
    const { auth, client, tokens } = await signedIn({ XMLHttpRequest: null });
    auth.server.on('POST', UPLOAD, () => jsonResponse(201, stored));

    const result = await client.storage.upload('profile-pictures/a1/me.png', new Blob(['abc']), {
      upsert: true,
      onProgress,
    });

    expect(result).toEqual({ data: stored, error: null });
    expect(progress).toEqual([0, 100]);
    const [request] = auth.server.calls('POST', UPLOAD);
    const form = request!.body as FormData;
    expect(form.get('path')).toBe('profile-pictures/a1/me.png');
    expect(form.get('options')).toBe('{"upsert":true}');
    expect((form.get('file') as File).name).toBe('me.png');
    expect(request!.headers.get('authorization')).toBe(`Bearer ${tokens.access_token}`);
  });

  it('with XMLHttpRequest reports the upload progress events', async () => {
    const { client, tokens } = await signedIn({ XMLHttpRequest: FakeXhr as never });

    const result = await client.storage.upload('profile-pictures/a1/me.png', new Blob(['abc']), {
      onProgress,
    });

    expect(result.data).toEqual(stored);
    expect(progress).toEqual([0, 50, 100]);
    expect(FakeXhr.last?.method).toBe('POST');
    expect(FakeXhr.last?.url).toBe('https://api.campus.test/api/storage/campus/upload');
    expect(FakeXhr.last?.headers.get('authorization')).toBe(`Bearer ${tokens.access_token}`);
  });

  it('reports the server refusal as STORAGE_ERROR with its message', async () => {
    const { auth, client } = await signedIn();
    auth.server.on('POST', UPLOAD, () =>
      jsonResponse(409, {
        code: 'CONFLICT',
        message: 'File already exists. Set upsert: true to overwrite.',
      }),
    );
    const result = await client.storage.upload('profile-pictures/a1/me.png', new Blob(['abc']));
    expect(result.error).toMatchObject({
      kind: 'STORAGE_ERROR',
      status: 409,
      code: 'CONFLICT',
      message: 'File already exists. Set upsert: true to overwrite.',
    });
  });

  it('refreshes once after a 401 and sends again', async () => {
    const { auth, client, tokens } = await signedIn();
    let first = true;
    auth.server.on('POST', UPLOAD, () => {
      if (!first) return jsonResponse(201, stored);
      first = false;
      return jsonResponse(401, { code: 'INVALID_TOKEN', message: 'expired' });
    });
    const result = await client.storage.upload('profile-pictures/a1/me.png', new Blob(['abc']));
    expect(result.data).toEqual(stored);
    const [, retry] = auth.server.calls('POST', UPLOAD);
    expect(retry!.headers.get('authorization')).not.toBe(`Bearer ${tokens.access_token}`);
  });

  it('downloads, removes and builds public URLs', async () => {
    const { auth, client } = await signedIn();
    auth.server.on('GET', '/api/storage/campus/download', (request) =>
      request.url.searchParams.get('path') === 'a/b.pdf'
        ? new Response('%PDF', { headers: { 'content-type': 'application/pdf' } })
        : jsonResponse(404, { code: 'NOT_FOUND', message: 'File not found' }),
    );
    auth.server.on('DELETE', '/api/storage/campus/remove', (request) =>
      jsonResponse(200, { removed: (request.body as { paths: string[] }).paths }),
    );

    const file = await client.storage.download('a/b.pdf');
    expect(await file.data?.text()).toBe('%PDF');
    expect((await client.storage.download('a/missing.pdf')).error).toMatchObject({
      kind: 'STORAGE_ERROR',
      status: 404,
      message: 'File not found',
    });
    expect((await client.storage.remove(['a/b.pdf'])).data).toEqual({ removed: ['a/b.pdf'] });
    expect(client.storage.getPublicUrl('profile-pictures/a 1/me.webp')).toBe(
      'https://api.campus.test/api/storage/campus/download?path=profile-pictures%2Fa+1%2Fme.webp',
    );
  });
});
