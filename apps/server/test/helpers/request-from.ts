import http from 'node:http';

export interface RequestFromOptions {
  /** The client's own address: any 127.0.0.0/8 address is this machine, so tests play several. */
  localAddress?: string;
  method?: string;
  headers?: Record<string, string>;
  /** JSON-encoded unless it is already a string (a form body, say). */
  body?: unknown;
}

export interface ResponseFrom {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * A request from a chosen loopback address over real HTTP. Node's fetch cannot pick its local
 * address, and per-IP behaviour needs more than one client.
 */
export function requestFrom(url: string, options: RequestFromOptions = {}): Promise<ResponseFrom> {
  const { body } = options;
  const payload =
    body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const headers: Record<string, string> = { ...options.headers };
  if (payload !== undefined) {
    headers['content-type'] ??= 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: options.method ?? 'GET', localAddress: options.localAddress, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
