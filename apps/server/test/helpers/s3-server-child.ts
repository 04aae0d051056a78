// Run by s3-server.ts in a child Node: s3rver 3.7 signs its ListObjectsV2 continuation tokens
// with DES, which OpenSSL 3 offers only under --openssl-legacy-provider, so it cannot page a
// listing inside the test process. Prints `{"port":N}` once it listens.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { finished } from 'node:stream/promises';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

interface ChildOptions {
  directory: string;
  conditional: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string };
}

const preconditionFailed = (res: ServerResponse) => {
  res.writeHead(412, { 'content-type': 'application/xml' });
  res.end(
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code>' +
      '<Message>At least one of the pre-conditions you specified did not hold</Message></Error>',
  );
};

function conditionalLayer(inner: (req: IncomingMessage, res: ServerResponse) => void) {
  let client: S3Client | undefined;
  const locks = new Map<string, Promise<unknown>>();
  const etagOf = async (bucket: string, key: string) => {
    try {
      return (await client!.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ETag;
    } catch {
      return undefined;
    }
  };
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    const [bucket = '', ...rest] = url.pathname.slice(1).split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const isWrite =
      (req.method === 'PUT' && !url.searchParams.has('partNumber')) ||
      (req.method === 'POST' && url.searchParams.has('uploadId'));
    if (isWrite && req.headers['if-none-match'] === '*') {
      const id = `${bucket}/${key}`;
      const turn = (locks.get(id) ?? Promise.resolve()).then(async () => {
        if (await etagOf(bucket, key)) return preconditionFailed(res);
        inner(req, res);
        await finished(res).catch(() => undefined);
      });
      locks.set(
        id,
        turn.catch(() => undefined),
      );
      return turn;
    }
    const ifMatch = req.headers['if-match'];
    if ((req.method === 'GET' || req.method === 'HEAD') && ifMatch && key) {
      const etag = await etagOf(bucket, key);
      if (etag && etag !== ifMatch) return preconditionFailed(res);
    }
    inner(req, res);
  };
  return {
    setClient: (value: S3Client) => {
      client = value;
    },
    handle: (req: IncomingMessage, res: ServerResponse) => {
      serve(req, res).catch((error: unknown) => res.destroy(error as Error));
    },
  };
}

const options = JSON.parse(process.argv[2] ?? '{}') as ChildOptions;
const s3rver = new S3rver({ directory: options.directory, silent: true, vhostBuckets: false });
const layer = options.conditional ? conditionalLayer(s3rver.callback()) : undefined;
const server = createServer(layer ? layer.handle : s3rver.callback());
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  layer?.setClient(
    new S3Client({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: options.credentials,
    }),
  );
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});
