import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http-error';
import { checkOutboundUrl } from './check-outbound-url';
import { fetchOutbound, type OutboundPolicy } from './fetch-outbound';
import { createGuardedLookup } from './guarded-lookup';
import { parseAllowedHosts } from './outbound-url';

/** A local HTTP server that counts every connection made to it. */
async function startCountingServer(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  let connections = 0;
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, port, connections: () => connections };
}

const close = (server: Server) => new Promise((resolve) => server.close(resolve));

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string }> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(HttpError);
  const { statusCode, code } = error as HttpError;
  return { status: statusCode, code };
}

describe('fetchOutbound', () => {
  let target: Awaited<ReturnType<typeof startCountingServer>>;
  let other: Awaited<ReturnType<typeof startCountingServer>>;
  const nobody: OutboundPolicy = { allowedHosts: new Set() };

  beforeAll(async () => {
    target = await startCountingServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://x');
      if (url.pathname === '/hello') return response.end('hello');
      if (url.pathname === '/big') return response.end('x'.repeat(2048));
      if (url.pathname === '/slow') return; // never answers
      if (url.pathname === '/loop') {
        response.writeHead(302, { location: '/loop' });
        return response.end();
      }
      if (url.pathname === '/to-other') {
        response.writeHead(302, { location: `http://localhost:${other.port}/hello` });
        return response.end();
      }
      if (url.pathname === '/to-metadata') {
        response.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' });
        return response.end();
      }
      response.writeHead(404).end();
    });
    other = await startCountingServer((_request, response) => response.end('other'));
  });
  afterAll(async () => {
    await close(target.server);
    await close(other.server);
  });

  const hostile = () => [
    `http://127.0.0.1:${target.port}/hello`,
    `http://localhost:${target.port}/hello`,
    `http://[::1]:${target.port}/hello`,
    `http://[::ffff:127.0.0.1]:${target.port}/hello`,
    `http://[::ffff:7f00:1]:${target.port}/hello`,
    `http://2130706433:${target.port}/hello`,
    `http://0x7f.0.0.1:${target.port}/hello`,
    `http://0177.0.0.1:${target.port}/hello`,
    `http://127.1:${target.port}/hello`,
    `http://0.0.0.0:${target.port}/hello`,
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://[fe80::1]/',
    'http://224.0.0.1/',
    'http://[2002:7f00:1::]/',
    'http://[64:ff9b::7f00:1]/',
  ];

  it('refuses every private destination before a byte is sent', async () => {
    for (const url of hostile()) {
      expect(await refusal(fetchOutbound(url, {}, nobody)), url).toEqual({
        status: 400,
        code: 'URL_NOT_ALLOWED',
      });
    }
    expect(target.connections()).toBe(0);
  });

  it.each([
    'file:///etc/passwd',
    'ftp://example.com/',
    'gopher://example.com/',
    'data:text/plain,hi',
    'http://user:secret@example.com/',
    'not a url',
  ])('refuses %s', async (url) => {
    expect(await refusal(fetchOutbound(url, {}, nobody))).toEqual({
      status: 400,
      code: 'URL_NOT_ALLOWED',
    });
  });

  it('judges a first hop up front as fetchOutbound would, sending nothing', async () => {
    for (const url of [...hostile(), 'file:///etc/passwd']) {
      expect(await refusal(checkOutboundUrl(url, nobody)), url).toEqual({
        status: 400,
        code: 'URL_NOT_ALLOWED',
      });
    }
    const rebinding = { ...nobody, resolve: async () => ['93.184.216.34', '10.0.0.1'] };
    expect(await refusal(checkOutboundUrl('http://rebind.test/', rebinding))).toEqual({
      status: 400,
      code: 'URL_NOT_ALLOWED',
    });
    const publicName = { ...nobody, resolve: async () => ['93.184.216.34'] };
    expect((await checkOutboundUrl('http://public.test/a', publicName)).href).toBe(
      'http://public.test/a',
    );
    expect(target.connections()).toBe(0);
  });

  it('refuses a name that resolves to any private address, even beside a public one', async () => {
    const policy = { ...nobody, resolve: async () => ['93.184.216.34', '127.0.0.1'] };
    expect(await refusal(fetchOutbound('http://rebind.test/', {}, policy))).toEqual({
      status: 400,
      code: 'URL_NOT_ALLOWED',
    });
  });

  it('hands the socket the public addresses it checked', async () => {
    const lookup = createGuardedLookup(async () => ['93.184.216.34', '2606:4700:4700::1111']);
    const answer = await new Promise((resolve, reject) =>
      lookup('public.test', { all: true }, (error, addresses) =>
        error ? reject(error) : resolve(addresses),
      ),
    );
    expect(answer).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700:4700::1111', family: 6 },
    ]);
  });

  describe('with the local server allowed', () => {
    const allowed = () => ({ allowedHosts: parseAllowedHosts(`127.0.0.1:${target.port}`) });

    it('fetches it', async () => {
      const answer = await fetchOutbound(`http://127.0.0.1:${target.port}/hello`, {}, allowed());
      expect({ status: answer.status, body: answer.body.toString() }).toEqual({
        status: 200,
        body: 'hello',
      });
    });

    it('checks every redirect: one to a host not allowed is refused unsent', async () => {
      const before = other.connections();
      for (const path of ['/to-other', '/to-metadata']) {
        const url = `http://127.0.0.1:${target.port}${path}`;
        expect(await refusal(fetchOutbound(url, {}, allowed())), path).toEqual({
          status: 400,
          code: 'URL_NOT_ALLOWED',
        });
      }
      expect(other.connections()).toBe(before);
    });

    it('hands a redirect back unfollowed when asked to', async () => {
      const before = other.connections();
      const url = `http://127.0.0.1:${target.port}/to-other`;
      const answer = await fetchOutbound(url, { followRedirects: false }, allowed());
      expect({ status: answer.status, location: answer.headers.location }).toEqual({
        status: 302,
        location: `http://localhost:${other.port}/hello`,
      });
      expect(other.connections()).toBe(before);
    });

    it('follows at most five redirects', async () => {
      const url = `http://127.0.0.1:${target.port}/loop`;
      expect(await refusal(fetchOutbound(url, {}, allowed()))).toEqual({
        status: 502,
        code: 'TOO_MANY_REDIRECTS',
      });
    });

    it('caps the size and the time of an answer', async () => {
      const big = `http://127.0.0.1:${target.port}/big`;
      expect(await refusal(fetchOutbound(big, {}, { ...allowed(), maxBytes: 1024 }))).toEqual({
        status: 502,
        code: 'UPSTREAM_TOO_LARGE',
      });
      const slow = `http://127.0.0.1:${target.port}/slow`;
      expect(await refusal(fetchOutbound(slow, {}, { ...allowed(), timeoutMs: 200 }))).toEqual({
        status: 504,
        code: 'UPSTREAM_TIMEOUT',
      });
    });
  });
});
