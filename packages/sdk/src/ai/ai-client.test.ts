import { describe, expect, it } from 'vitest';
import { createAuthServer, createTestClient, storeTokens } from '../../test/helpers/auth-server';
import { jsonResponse } from '../../test/helpers/fake-server';
import { createSharedStorage } from '../../test/helpers/memory-storage';
import { checkImageUrls } from './image-urls';

const ok = 'https://cdn.campus.test/a.png';

describe('image URL rules (https, an image extension, 1 to 16)', () => {
  it.each([
    [
      [
        ok,
        'https://x.test/b.JPEG',
        'https://x.test/c.jpg?w=1',
        'https://x.test/d.gif',
        'https://x.test/e.webp',
      ],
      null,
    ],
    [['http://x.test/a.png'], 'Image URLs must use HTTPS protocol'],
    [['not a url'], 'Invalid URL format'],
    [['https://x.test/a.svg'], 'Image URLs must end in jpg, jpeg, png, gif or webp'],
    [Array.from({ length: 17 }, () => ok), 'Maximum 16 images allowed'],
    [[], 'At least one image is required'],
  ])('%j -> %s', (urls, message) => {
    const error = checkImageUrls(urls);
    if (message === null) expect(error).toBeNull();
    else expect(error).toMatchObject({ kind: 'VALIDATION_ERROR', status: 400, message });
  });

  it('accepts exactly 16 images', () => {
    expect(checkImageUrls(Array.from({ length: 16 }, () => ok))).toBeNull();
  });
});

describe('ai, data and notifications calls', () => {
  async function signedIn() {
    const auth = createAuthServer();
    const storage = createSharedStorage();
    storeTokens(storage, auth.issue());
    const { client } = createTestClient(auth, { storage });
    await client.auth.ready;
    return { auth, client };
  }

  it('checks image URLs before sending', async () => {
    const { auth, client } = await signedIn();
    const result = await client.ai.generateImage({
      prompt: 'a cat',
      images: ['http://x.test/a.png'],
    });
    expect(result.error?.message).toBe('Image URLs must use HTTPS protocol');
    expect(auth.server.calls('POST', '/api/ai/campus/image')).toHaveLength(0);
  });

  it('reads the status, and reports refusals with the server code and the capability kind', async () => {
    const { auth, client } = await signedIn();
    auth.server.on('GET', '/api/ai/campus/status', () =>
      jsonResponse(200, { configured: false, models: null }),
    );
    auth.server.on('POST', '/api/ai/campus/text', () =>
      jsonResponse(503, { code: 'AI_NOT_CONFIGURED', message: 'AI is not configured' }),
    );
    auth.server.on('POST', '/api/data/campus/extract-from-url', () =>
      jsonResponse(400, { code: 'URL_NOT_ALLOWED', message: 'That address is not allowed' }),
    );
    expect(await client.ai.status()).toEqual({
      data: { configured: false, models: null },
      error: null,
    });
    const text = await client.ai.generateText({ prompt: 'hi', system: 'Be brief' });
    expect(text.error).toMatchObject({ kind: 'AI_ERROR', status: 503, code: 'AI_NOT_CONFIGURED' });
    expect(auth.server.calls('POST', '/api/ai/campus/text')[0]!.body).toEqual({
      prompt: 'hi',
      system: 'Be brief',
    });
    const extracted = await client.data.extractFromUrl({ url: 'http://10.0.0.1/' });
    expect(extracted.error).toMatchObject({
      kind: 'VALIDATION_ERROR',
      status: 400,
      code: 'URL_NOT_ALLOWED',
    });
  });

  it('sends audio to transcribe as multipart file, and an address as JSON', async () => {
    const { auth, client } = await signedIn();
    auth.server.on('POST', '/api/ai/campus/transcribe', () => jsonResponse(200, { text: 'hi' }));
    const audio = new File([new Uint8Array([1, 2, 3])], 'talk.mp3', { type: 'audio/mpeg' });
    expect((await client.ai.transcribe(audio)).data).toEqual({ text: 'hi' });
    await client.ai.transcribe({ url: 'https://cdn.campus.test/talk.mp3' });
    const [sent, byUrl] = auth.server.calls('POST', '/api/ai/campus/transcribe');
    expect(sent!.body).toBeInstanceOf(FormData);
    const file = (sent!.body as FormData).get('file') as File;
    expect(file.name).toBe('talk.mp3');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(byUrl!.body).toEqual({ url: 'https://cdn.campus.test/talk.mp3' });
  });

  it('reports a cancelled call as ABORTED rather than a network failure', async () => {
    const { auth, client } = await signedIn();
    const controller = new AbortController();
    auth.server.on('POST', '/api/ai/campus/object', () => {
      controller.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    const result = await client.ai.generateObject(
      { prompt: 'x', schema: { type: 'object' } },
      { signal: controller.signal },
    );
    expect(result.error).toMatchObject({ kind: 'AI_ERROR', status: 0, code: 'ABORTED' });
  });

  it('requires to, subject and html or text for emails', async () => {
    const { auth, client } = await signedIn();
    auth.server.on('POST', '/api/notifications/campus/email', () =>
      jsonResponse(202, { sent: true }),
    );
    const missing = await client.notifications.sendEmail({ to: 'ada@mit.edu', subject: 'Hi' });
    const sent = await client.notifications.sendEmail({
      to: 'ada@mit.edu',
      subject: 'Hi',
      text: 'Hello',
    });
    expect(missing.error).toMatchObject({
      kind: 'VALIDATION_ERROR',
      message: 'Email notifications need to, subject, and html or text',
    });
    expect(sent).toEqual({ data: { sent: true }, error: null });
  });
});
