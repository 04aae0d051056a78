import { createSocket, type Socket } from 'node:dgram';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * POST /api/data/{project}/screenshot: Chromium renders a page of a host the operator opened,
 * every request it makes fetched by the server through the outbound guard. A second local
 * server stands for the network students must not reach: whatever the page tries (images,
 * frames, fetch(), CSS, redirects, WebSockets, a worker, preconnect, WebRTC), it is reached
 * zero times.
 *
 * One dialect: the endpoint touches the database only to authenticate, and Chromium's start
 * and the renders dominate the runtime, so PostgreSQL would double the cost and test nothing new.
 */
const RED = [255, 0, 0];
const BLUE = [0, 0, 255];
const GREEN = [0, 255, 0];
const YELLOW = [255, 255, 0];
const PURPLE = [128, 0, 128];

type Handler = (request: IncomingMessage, response: ServerResponse, url: URL) => void;

async function listen(handler: Handler) {
  let connections = 0;
  const paths: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://local');
    paths.push(url.pathname);
    handler(request, response, url);
  });
  server.on('connection', () => (connections += 1));
  // Sockets a page holds open would keep close() waiting.
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, paths, connections: () => connections };
}

const close = (server: Server) => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
};

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x: number, y: number) => {
      const offset = (y * info.width + x) * info.channels;
      return [data[offset], data[offset + 1], data[offset + 2]];
    },
  };
}

describe('data screenshot', () => {
  let server: TestApp;
  let allowed: Awaited<ReturnType<typeof listen>>;
  let forbidden: Awaited<ReturnType<typeof listen>>;
  let stun: Socket;
  let stunMessages = 0;
  let token: string;
  let yellowPng: Buffer;
  const released: Array<() => void> = [];
  const gateOpen = () => allowed.paths.includes('/attempted') && allowed.paths.includes('/framed');

  const post = (body: unknown, options: { auth?: string; project?: string; as?: string } = {}) =>
    fetch(`${server.baseUrl}/api/data/${options.project ?? 'campus'}/screenshot`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: options.auth ?? `Bearer ${options.as ?? token}`,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  /** Takes a screenshot and downloads the stored PNG as any client would. */
  async function screenshot(body: Record<string, unknown>) {
    const response = await post(body);
    const answer = (await response.json()) as { url: string };
    expect({ status: response.status, answer }).toMatchObject({
      status: 200,
      answer: { url: expect.stringContaining(`${server.baseUrl}/api/storage/campus/download?`) },
    });
    const download = await fetch(answer.url);
    expect(download.headers.get('content-type')).toBe('image/png');
    return pixels(Buffer.from(await download.arrayBuffer()));
  }

  const page = () => {
    const no = `127.0.0.1:${forbidden.port}`;
    return `<!doctype html>
<html><head>
<link rel="stylesheet" href="/style.css">
<link rel="preconnect" href="http://${no}">
<style>
  body { margin: 0; background: #0000ff; }
  .red { position: absolute; top: 0; left: 0; width: 200px; height: 200px; background: #ff0000; }
  .green { position: absolute; top: 0; left: 220px; width: 100px; height: 100px; }
  .stolen { position: absolute; top: 220px; left: 0; width: 50px; height: 50px;
    background: #800080 url(http://${no}/css.png); }
  .hop { position: absolute; top: 0; left: 340px; width: 100px; height: 100px; }
  .framed { position: absolute; top: 0; left: 460px; width: 100px; height: 100px; border: 0; }
</style>
<script>
  // Each attempt settles before the page may finish loading (/gate.png waits for /attempted,
  // and for the redirected frame's /framed).
  const attempts = [
    fetch('http://${no}/fetch').catch(() => 'refused'),
    new Promise((settle) => {
      const socket = new WebSocket('ws://${no}/socket');
      socket.onclose = socket.onerror = settle;
    }),
    new Promise((settle) => {
      const source = "fetch('http://${no}/worker').catch(() => 0).finally(() => postMessage(1));" +
        "try { new WebSocket('ws://${no}/worker-socket'); } catch {}";
      const worker = new Worker(URL.createObjectURL(new Blob([source])));
      worker.onmessage = worker.onerror = settle;
    }),
    new Promise((settle) => {
      const peer = new RTCPeerConnection({ iceServers: [{ urls: 'stun:127.0.0.1:${stun.address().port}' }] });
      peer.createDataChannel('x');
      peer.onicegatheringstatechange = () => peer.iceGatheringState === 'complete' && settle();
      peer.createOffer().then((offer) => peer.setLocalDescription(offer));
      setTimeout(settle, 3000);
    }),
  ];
  Promise.allSettled(attempts).then(() => fetch('/attempted'));
</script>
</head><body>
<div class="red"></div><div class="green"></div><div class="stolen"></div>
<img class="hop" src="/image-hop">
<iframe class="framed" src="/frame-hop"></iframe>
<img src="/to-forbidden"><img src="http://${no}/image.png">
<iframe src="http://${no}/frame"></iframe><iframe src="/frame-to-forbidden"></iframe>
<img src="/gate.png" width="1" height="1">
</body></html>`;
  };

  /** A page `height` pixels tall, its last 100 pixels purple. */
  const tall = (height: number) => `<!doctype html><body style="margin:0;background:#00ff00">
<div style="height:${height - 100}px"></div><div style="height:100px;background:#800080"></div>`;

  beforeAll(async () => {
    yellowPng = await sharp({
      create: { width: 100, height: 100, channels: 3, background: { r: 255, g: 255, b: 0 } },
    })
      .png()
      .toBuffer();
    forbidden = await listen((_request, response) => response.end('you should not be here'));
    stun = createSocket('udp4');
    stun.on('message', () => (stunMessages += 1));
    await new Promise<void>((resolve) => stun.bind(0, '127.0.0.1', resolve));
    const redirect = (response: ServerResponse, location: string) =>
      response.writeHead(302, { location }).end();
    const html = (response: ServerResponse, body: string) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end(body);
    const png = (response: ServerResponse) =>
      response.writeHead(200, { 'content-type': 'image/png' }).end(yellowPng);
    const no = () => `http://127.0.0.1:${forbidden.port}`;
    allowed = await listen((_request, response, url) => {
      switch (url.pathname) {
        case '/page':
          return html(response, page());
        case '/style.css':
          return response
            .writeHead(200, { 'content-type': 'text/css' })
            .end('.green { background: #00ff00; }');
        case '/image-hop':
          return redirect(response, '/yellow.png');
        case '/yellow.png':
          return png(response);
        case '/to-forbidden':
          return redirect(response, `${no()}/redirected.png`);
        case '/frame-to-forbidden':
          return redirect(response, `${no()}/redirected-frame`);
        case '/attempted':
        case '/framed':
          if (gateOpen()) released.splice(0).forEach((release) => release());
          return response.writeHead(204).end();
        case '/gate.png':
          if (gateOpen()) return png(response);
          return released.push(() => png(response));
        case '/frame-hop':
          return redirect(response, '/yellow-frame');
        case '/yellow-frame':
          return html(
            response,
            `<body style="margin:0;background:#ffff00"><script>fetch('/framed')</script></body>`,
          );
        case '/go-tall':
          return redirect(response, '/tall?height=2400');
        case '/tall':
          return html(response, tall(Number(url.searchParams.get('height'))));
        case '/loop':
          return redirect(response, '/loop');
        case '/page-to-forbidden':
          return redirect(response, `${no()}/page`);
        default:
          return response.writeHead(404).end();
      }
    });
    server = await startTestApp('sqlite', { DATA_ALLOWED_HOSTS: `127.0.0.1:${allowed.port}` });
    token = (await createVerifiedAccount(server.baseUrl, 'ada@mit.edu')).access_token;
  });

  afterAll(async () => {
    await server?.close();
    await close(allowed.server);
    await close(forbidden.server);
    stun.close();
  });

  it('renders the page at the size asked, with what the page really shows', async () => {
    const shot = await screenshot({
      url: `http://127.0.0.1:${allowed.port}/page`,
      width: 640,
      height: 480,
    });
    expect({ width: shot.width, height: shot.height }).toEqual({ width: 640, height: 480 });
    expect({
      page: shot.at(100, 100),
      stylesheet: shot.at(270, 50),
      redirectedImage: shot.at(390, 50),
      redirectedFrame: shot.at(510, 50),
      cssFromForbiddenHost: shot.at(25, 245),
      background: shot.at(600, 460),
    }).toEqual({
      page: RED,
      stylesheet: GREEN,
      redirectedImage: YELLOW,
      redirectedFrame: YELLOW,
      cssFromForbiddenHost: PURPLE,
      background: BLUE,
    });
    // Every attempt on the forbidden host was made and settled before the page finished...
    expect(allowed.paths).toContain('/attempted');
    expect(allowed.paths).toContain('/frame-to-forbidden');
    expect(allowed.paths).toContain('/to-forbidden');
    // ...and none of them reached it, nor did a single STUN packet leave.
    expect({ connections: forbidden.connections(), stunMessages }).toEqual({
      connections: 0,
      stunMessages: 0,
    });
  });

  it('shoots the whole page after following a redirect, clipped at 8000 pixels', async () => {
    const whole = await screenshot({
      url: `http://127.0.0.1:${allowed.port}/go-tall`,
      width: 800,
      height: 600,
      fullPage: true,
    });
    expect({ width: whole.width, height: whole.height }).toEqual({ width: 800, height: 2400 });
    expect({ top: whole.at(400, 10), bottom: whole.at(400, 2390) }).toEqual({
      top: GREEN,
      bottom: PURPLE,
    });
    const endless = await screenshot({
      url: `http://127.0.0.1:${allowed.port}/tall?height=12000`,
      width: 320,
      fullPage: true,
    });
    expect({ width: endless.width, height: endless.height }).toEqual({ width: 320, height: 8000 });
  });

  it('refuses private and metadata addresses, a redirect to one, and endless redirects', async () => {
    const bob = (await createVerifiedAccount(server.baseUrl, 'bob@mit.edu')).access_token;
    const own = new URL(server.baseUrl);
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/latest/meta-data/',
      'http://10.0.0.1/',
      `http://127.0.0.1:${forbidden.port}/`,
      `http://localhost:${allowed.port}/page`,
      `http://localhost:${own.port}/api/health`,
      `http://127.0.0.1:${allowed.port}/page-to-forbidden`,
    ]) {
      const response = await post({ url }, { as: bob });
      expect({ url, status: response.status, body: await response.json() }).toMatchObject({
        url,
        status: 400,
        body: { code: 'URL_NOT_ALLOWED' },
      });
    }
    expect(forbidden.connections()).toBe(0);
    const loop = await post({ url: `http://127.0.0.1:${allowed.port}/loop` }, { as: bob });
    expect({ status: loop.status, body: await loop.json() }).toMatchObject({
      status: 502,
      body: { code: 'TOO_MANY_REDIRECTS' },
    });
    // The first request and five redirects, then no more.
    expect(allowed.paths.filter((path) => path === '/loop')).toHaveLength(6);
  });

  it('answers 401 without a token, 404 for another project, 400 for a bad body', async () => {
    const url = `http://127.0.0.1:${allowed.port}/page`;
    expect((await post({ url }, { auth: '' })).status).toBe(401);
    expect((await post({ url: 'nonsense' }, { auth: '' })).status).toBe(401);
    expect((await post({ url }, { project: 'other' })).status).toBe(404);
    for (const body of [
      {},
      { url: 'file:///etc/passwd' },
      { url: 'javascript:alert(1)' },
      { url, width: 319 },
      { url, width: 1921 },
      { url, width: 640.5 },
      { url, width: '640' },
      { url, height: 239 },
      { url, height: 2001 },
      { url, fullPage: 'yes' },
      { url, fullpage: true },
      Array.from({ length: 2000 }, () => ({ url })),
      `{"url":"${url}","__proto__":{"width":5000}}`,
    ]) {
      const response = await post(body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
  });

  it('limits each student to ten screenshots a minute', async () => {
    const cy = (await createVerifiedAccount(server.baseUrl, 'cy@mit.edu')).access_token;
    // Refused URLs are counted too (the limit is checked first), and cost no render.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await post({ url: 'http://10.0.0.1/' }, { as: cy })).status).toBe(400);
    }
    const refused = await post({ url: `http://127.0.0.1:${allowed.port}/page` }, { as: cy });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('data screenshot without a browser', () => {
  let server: TestApp;
  let target: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    target = await listen((_request, response) => response.end('<p>hello</p>'));
    server = await startTestApp('sqlite', {
      DATA_ALLOWED_HOSTS: `127.0.0.1:${target.port}`,
      CHROMIUM_PATH: '/nonexistent/chromium',
    });
  });
  afterAll(async () => {
    await server?.close();
    await close(target.server);
  });

  it('answers 503 naming CHROMIUM_PATH when Chromium cannot be started', async () => {
    const { access_token } = await createVerifiedAccount(server.baseUrl, 'ada@mit.edu');
    const response = await fetch(`${server.baseUrl}/api/data/campus/screenshot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
      body: JSON.stringify({ url: `http://127.0.0.1:${target.port}/` }),
    });
    expect({ status: response.status, body: await response.json() }).toMatchObject({
      status: 503,
      body: {
        code: 'SCREENSHOT_UNAVAILABLE',
        message: expect.stringContaining('CHROMIUM_PATH=/nonexistent/chromium'),
      },
    });
    expect(target.connections()).toBe(0);
  });
});
