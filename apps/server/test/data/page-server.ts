import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type PageHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface PageServer {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  /** TCP connections received so far: a refused URL must leave it unchanged. */
  connections(): number;
  /** Every request's path and query, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** A real HTTP peer on a free local port, answering each path with its handler (else 404). */
export async function startPageServer(routes: Record<string, PageHandler>): Promise<PageServer> {
  let connections = 0;
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const handler = routes[new URL(request.url ?? '/', 'http://x').pathname];
    if (handler) return handler(request, response);
    response.statusCode = 404;
    response.end('not here');
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A handler answering `body` with the given content type. */
export const serve =
  (contentType: string, body: string | Buffer): PageHandler =>
  (_request, response) => {
    response.setHeader('content-type', contentType);
    response.end(body);
  };

/** A handler redirecting to `location` with `status`. */
export const redirect =
  (location: string, status = 302): PageHandler =>
  (_request, response) => {
    response.statusCode = status;
    response.setHeader('location', location);
    response.end();
  };
