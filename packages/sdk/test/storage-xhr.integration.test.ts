// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, startTestApp, type TestApp } from '@campuscollab/server/testing';
import type { UploadProgress } from '../src/storage/upload-request';
import { createSharedStorage } from './helpers/memory-storage';
import { createNodeClient } from './helpers/real-client';

/**
 * The XMLHttpRequest transport against the real server, with happy-dom's XMLHttpRequest. It
 * performs real requests (same-origin only: the page is moved to the server's origin, since the
 * server sends no CORS headers) but dispatches no `upload.onprogress` events, so the only
 * progress reported is the SDK's closing 100 on load. Real upload progress events are covered
 * by the unit test with a scripted XMLHttpRequest.
 */
describe('upload through XMLHttpRequest (happy-dom) against the real server', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp('sqlite');
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(
      `${app.baseUrl}/`,
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it('uploads a file and reports completion', async () => {
    const account = await createVerifiedAccount(app.baseUrl, 'lin@nus.edu.sg');
    const storage = createSharedStorage();
    storage.setItem('campuscollab.auth.campus', JSON.stringify(account));
    const { client } = createNodeClient(app.baseUrl, { storage, XMLHttpRequest });
    await client.auth.ready;
    const progress: UploadProgress[] = [];
    const path = `profile-pictures/${account.user.id}/notes.pdf`;
    const pdf =
      '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n';

    const result = await client.storage.upload(path, new Blob([pdf], { type: 'application/pdf' }), {
      onProgress: (event) => progress.push(event),
    });

    expect(result.error).toBeNull();
    expect(result.data).toMatchObject({ path, contentType: 'application/pdf', size: pdf.length });
    expect(progress.map((event) => event.percent)).toEqual([100]);
    client.close();
  });
});
