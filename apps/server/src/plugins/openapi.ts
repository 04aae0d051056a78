import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { ROUTE_NOTES } from './openapi-notes';

// Imported, not read from disk: the production bundle sits elsewhere than this file, and the
// bundler inlines the version.
import serverPackage from '../../package.json' with { type: 'json' };

const { version } = serverPackage;

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/**
 * The docs page's own policy: the API's ("nothing may load") would leave it blank, and the web
 * app's allows what Swagger UI does not need. Its scripts and styles are its own files, its
 * logo a data: URL, and it fetches only the document.
 */
const DOCS_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** Pages, the dev outbox, /metrics and the docs themselves are not part of the API. */
const isInternal = (url: string) =>
  !url.startsWith('/api/') || url === OPENAPI_PATH || url.startsWith(DOCS_PREFIX);

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/**
 * The OpenAPI 3.1 document at /api/openapi.json, made from the routes' zod schemas, and Swagger
 * UI at /api/docs. Must be registered before the routes: the document collects each route as it
 * is added.
 */
export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  const zodTransform = createJsonSchemaTransform({});
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'CampusCollab API',
        version,
        description:
          'Sign-in, the table API, storage, realtime, data and AI endpoints. Most routes take a bearer access token from /api/auth/signin.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      // Optional at the top: sign-up, sign-in and health need no token; the rest answer 401.
      security: [{ bearerAuth: [] }, {}],
    },
    transform: (input) => {
      const { url, route } = input;
      if (isInternal(url)) return { schema: { hide: true }, url };
      const transformed = zodTransform(input);
      const method = [route.method].flat()[0];
      const note = ROUTE_NOTES[`${method} ${toOpenApiPath(url)}`];
      const tag = url.split('/')[2];
      return {
        url: transformed.url,
        schema: { ...transformed.schema, ...note, ...(tag ? { tags: [tag] } : {}) },
      };
    },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(app.swagger()),
  );
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: DOCS_CSP,
    theme: { title: 'CampusCollab API' },
  });
}
