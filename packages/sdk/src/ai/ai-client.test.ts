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

  it("report the server's 404 (not implemented yet) as AI_ERROR and DATA_ERROR", async () => {
    const { client } = await signedIn();
    const text = await client.ai.generateText({ prompt: 'hi' });
    const streamed = await client.ai.streamText({ prompt: 'hi' }, () => {});
    const scraped = await client.data.scrape({ url: 'https://example.edu' });
    expect(text.error).toMatchObject({ kind: 'AI_ERROR', status: 404, code: 'NOT_FOUND' });
    expect(streamed.error).toMatchObject({ kind: 'AI_ERROR', status: 404 });
    expect(scraped.error).toMatchObject({ kind: 'DATA_ERROR', status: 404, code: 'NOT_FOUND' });
  });

  it('streams text chunks when the server streams', async () => {
    const { auth, client } = await signedIn();
    auth.server.on(
      'POST',
      '/api/ai/campus/text',
      () => new Response(new Blob(['Hel', 'lo']).stream()),
    );
    const chunks: string[] = [];
    const result = await client.ai.streamText({ prompt: 'hi' }, (chunk) => chunks.push(chunk));
    expect(result.data).toBe('Hello');
    expect(chunks.join('')).toBe('Hello');
  });

  it('says why a stream failed', async () => {
    const { auth, client } = await signedIn();
    auth.server.on('POST', '/api/ai/campus/object', () => new Response('', { status: 502 }));
    const result = await client.ai.streamObject({ prompt: 'x', schema: {} }, () => {});
    expect(result.error).toMatchObject({
      kind: 'AI_ERROR',
      status: 502,
      message: 'Streaming request failed',
    });
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
