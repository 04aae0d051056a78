import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAiApp, type AiApp } from './ai-app';

/** A WAV file's header and a moment of silence: audio by its content signature. */
function wav(dataBytes = 1600): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, Buffer.alloc(dataBytes)]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Images, speech and transcription against a fake OpenAI-compatible provider. SQLite only: the
 * database plays no part here beyond signing in.
 */
describe('AI images, speech and transcription', () => {
  let ai: AiApp;
  let providerHost: string;
  beforeAll(async () => {
    // The fake provider's own host is opened, so its image URLs can be fetched through the guard.
    ai = await startAiApp('sqlite', {}, (provider) => {
      providerHost = new URL(provider.baseUrl).host;
      return { DATA_ALLOWED_HOSTS: providerHost };
    });
  });
  afterAll(async () => ai.close());
  beforeEach(() => {
    for (const key of Object.keys(ai.behaviour))
      delete ai.behaviour[key as keyof typeof ai.behaviour];
  });

  const transcribeUpload = (file: Buffer, type: string, name = 'clip.wav') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)], { type }), name);
    return fetch(`${ai.server.baseUrl}/api/ai/campus/transcribe`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ai.token}` },
      body: form,
    });
  };

  it('generates images, saved in the student’s files and served from their URLs', async () => {
    const response = await ai.post('image', { prompt: 'a campus at dawn', n: 2, size: '512x512' });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { url: string }[] };
    expect(data).toHaveLength(2);
    expect(new Set(data.map((image) => image.url)).size).toBe(2);
    for (const { url } of data) {
      expect(decodeURIComponent(url)).toContain(`/ai-images/`);
      const image = await fetch(url);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await image.arrayBuffer()).subarray(0, 8)).toEqual(PNG_SIGNATURE);
    }
    expect(ai.provider.requests.at(-1)).toMatchObject({
      path: '/v1/images/generations',
      body: { model: 'gpt-image-1', prompt: 'a campus at dawn', n: 2, size: '512x512' },
    });
  });

  it('fetches an image the provider answers by URL through the outbound guard', async () => {
    ai.behaviour.imagesAs = 'url';
    const response = await ai.post('image', { prompt: 'a library' });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { url: string }[] };
    expect(data).toHaveLength(1);
    expect(data[0]!.url.startsWith(ai.server.baseUrl)).toBe(true);
    const image = await fetch(data[0]!.url);
    expect(Buffer.from(await image.arrayBuffer()).subarray(0, 8)).toEqual(PNG_SIGNATURE);
  });

  it('refuses image inputs that break the URL rules, with the SDK’s messages', async () => {
    const before = ai.provider.requests.length;
    const cases: [unknown, string][] = [
      [['http://example.com/cat.png'], 'Image URLs must use HTTPS protocol'],
      [['not a url'], 'Invalid URL format'],
      [
        Array.from({ length: 17 }, (_, i) => `https://example.com/${i}.png`),
        'Maximum 16 images allowed',
      ],
      [['https://example.com/cat.svg'], 'Image URLs must end in jpg, jpeg, png, gif or webp'],
      [[], 'At least one image is required'],
    ];
    for (const [images, message] of cases) {
      const response = await ai.post('image', { prompt: 'edit', images });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    expect(ai.provider.requests.length).toBe(before);
  });

  // The edit path's inputs must be https, which a local peer cannot serve without a certificate
  // the server trusts; so the edit itself is not exercised here, only its guard: a private
  // address is refused before a byte is sent and before the provider is asked.
  it('refuses image inputs at private addresses through the outbound guard', async () => {
    const before = ai.provider.requests.length;
    const port = new URL(ai.server.baseUrl).port;
    for (const url of [
      `https://127.0.0.1:${port}/cat.png`,
      `https://localhost:${port}/cat.png`,
      'https://169.254.169.254/latest/cat.png',
      'https://10.0.0.1/cat.jpg',
    ]) {
      const response = await ai.post('image', { prompt: 'edit', images: [url] });
      expect({ url, status: response.status, body: await response.json() }).toMatchObject({
        url,
        status: 400,
        body: { code: 'URL_NOT_ALLOWED' },
      });
    }
    expect(ai.provider.requests.length).toBe(before);
  });

  it('refuses a bad size or count', async () => {
    for (const body of [
      { prompt: 'x', size: '999x999' },
      { prompt: 'x', n: 5 },
      { prompt: 'x', n: 0 },
      { prompt: '' },
    ]) {
      expect((await ai.post('image', body)).status).toBe(400);
    }
  });

  it('speaks text: the provider’s audio bytes with its content type', async () => {
    const response = await ai.post('speech', { text: 'Welcome to campus', voice: 'nova' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfb]));
    expect(bytes.length).toBe(416);
    expect(ai.provider.requests.at(-1)).toMatchObject({
      path: '/v1/audio/speech',
      body: { model: 'gpt-4o-mini-tts', voice: 'nova', input: 'Welcome to campus' },
    });
  });

  it('refuses speech of no text, too much text or a strange voice', async () => {
    for (const body of [
      { text: '' },
      { text: 'x'.repeat(4097) },
      { text: 'hi', voice: '../../etc' },
    ]) {
      expect((await ai.post('speech', body)).status).toBe(400);
    }
  });

  it('transcribes an uploaded audio file', async () => {
    const audio = wav();
    const response = await transcribeUpload(audio, 'audio/wav');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      text: `Transcribed ${audio.length} bytes of audio/wav`,
    });
    expect(ai.provider.requests.at(-1)).toMatchObject({
      path: '/v1/audio/transcriptions',
      body: { model: 'whisper-1', file: { size: audio.length, type: 'audio/wav' } },
    });
  });

  it('refuses an upload that is not audio, whatever it claims to be', async () => {
    const before = ai.provider.requests.length;
    const notAudio = Buffer.concat([PNG_SIGNATURE, Buffer.alloc(64)]);
    for (const [file, type] of [
      [notAudio, 'audio/wav'],
      [Buffer.from('just some text, not a recording'), 'audio/mpeg'],
    ] as const) {
      const response = await transcribeUpload(file, type);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: 'Unsupported audio input type' });
    }
    expect(ai.provider.requests.length).toBe(before);
  });

  it('refuses an upload over 25 MB with 413', async () => {
    const response = await transcribeUpload(wav(25 * 1024 * 1024), 'audio/wav');
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses audio URLs that are not https or not public', async () => {
    const cases: [unknown, string][] = [
      [{ url: 'http://example.com/a.mp3' }, 'Audio URLs must use HTTPS protocol'],
      [{}, 'url is required (or send the audio as a multipart file)'],
    ];
    for (const [body, message] of cases) {
      const response = await ai.post('transcribe', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    const privateUrl = await ai.post('transcribe', {
      url: `https://${providerHost.replace(/:.*/, '')}:1/a.mp3`,
    });
    expect(privateUrl.status).toBe(400);
    expect(((await privateUrl.json()) as { code: string }).code).toBe('URL_NOT_ALLOWED');
  });
});
