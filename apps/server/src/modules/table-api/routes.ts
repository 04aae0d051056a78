import { NEXT_CURSOR_HEADER, TABLE_API_MAX_ROWS } from '@campuscollab/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { exceedsJsonDepth, MAX_JSON_DEPTH } from '../../lib/json-limits';
import {
  parsePostgrestRequest,
  PostgrestCode,
  PostgrestError,
  type RequestHeaders,
} from '../../lib/postgrest';
import { changeRows } from './change';
import { insertRows } from './insert';
import { createInsertLimiter } from './insert-limits';
import { requireColumn } from './query/column-expression';
import { PreparedReads } from './prepared-reads';
import { prepareRead, runRead } from './read';
import type { TableRequest, TableResponse } from './table-request';
import { TABLE_POLICIES } from './tables';
import { requireKnownProject } from '../../lib/known-project';

export interface DbRoutesOptions {
  config: Config;
  /** Signs keyset cursors, so a client cannot forge a position. */
  cursorSecret: Buffer;
}

interface TableParams {
  project: string;
  table: string;
}

/** The PostgREST-compatible table API (docs/architecture.md §2.4, decision 010). */
export async function dbRoutes(app: FastifyInstance, options: DbRoutesOptions) {
  const { rateLimits } = options.config;
  // The tables whose inserts notify someone: messages and applications email and signal.
  const insertLimiter = createInsertLimiter(
    {
      messages: rateLimits.messageRowsPerMinute,
      applications: rateLimits.applicationRowsPerMinute,
    },
    app.windowCounters,
  );
  const prepare = async (
    request: FastifyRequest<{ Params: TableParams }>,
  ): Promise<TableRequest> => {
    const { project, table } = request.params;
    requireKnownProject(options.config.projectId, project);
    const policy = TABLE_POLICIES.get(table);
    if (!policy) {
      throw new PostgrestError({
        status: 404,
        code: PostgrestCode.unknownTable,
        message: `Could not find the table 'public.${table}' in the schema cache`,
      });
    }
    const user = await app.authentication.requireUser(request);
    const parsed = parsePostgrestRequest(
      request.url.split('?')[1] ?? '',
      request.headers as RequestHeaders,
      {
        maxLimit: TABLE_API_MAX_ROWS,
        cursorSecret: options.cursorSecret,
        cursorScope: table,
        cursorKeyColumn: policy.primaryKey,
        method: request.method,
      },
    );
    for (const column of parsed.referencedColumns) requireColumn(policy, column);
    return {
      policy,
      parsed,
      user,
      database: app.database,
      events: app.events,
      cursorSecret: options.cursorSecret,
      insertLimiter,
      body: request.body,
    };
  };

  const readContext = { database: app.database, cursorSecret: options.cursorSecret };
  const send = (
    reply: FastifyReply,
    { parsed }: Pick<TableRequest, 'parsed'>,
    response: TableResponse,
  ) => {
    reply.status(response.status).headers(response.headers);
    reply.header(
      'access-control-expose-headers',
      `content-range, preference-applied, ${NEXT_CURSOR_HEADER}`,
    );
    if (response.body === undefined) return reply.send();
    const type = parsed.singular ? 'application/vnd.pgrst.object+json' : 'application/json';
    return reply.type(`${type}; charset=utf-8`).send(JSON.stringify(response.body));
  };

  // postgrest-js sends `Content-Type: application/json` even on a DELETE without a body, and a
  // body that is not JSON must be PostgREST's PGRST102, so these routes parse JSON themselves.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    if (text === '') return done(null, undefined);
    const invalidJson = (details: string) =>
      new PostgrestError({
        status: 400,
        code: PostgrestCode.invalidBody,
        message: 'Empty or invalid json',
        details,
      });
    let body: unknown;
    try {
      body = JSON.parse(text as string);
    } catch {
      return done(invalidJson('the request body is not valid JSON'), undefined);
    }
    // Validation and the drivers recurse into values; bounded here, no depth reaches them. A
    // `__proto__` key is left in: it is an unknown column like any other (write-values.ts).
    if (exceedsJsonDepth(body)) {
      return done(invalidJson(`the body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    }
    done(null, body);
  });

  const url = '/api/db/:project/rest/v1/:table';
  const reads = new PreparedReads();
  app.get<{ Params: TableParams }>(url, async (request, reply) => {
    const key = reads.keyOf(request);
    const kept = reads.get(key);
    // A kept read was prepared from this very URL, so its project and table exist.
    if (kept) {
      const user = await app.authentication.requireUser(request);
      return send(reply, kept, await runRead(kept, user, readContext));
    }
    const tableRequest = await prepare(request);
    const read = prepareRead(tableRequest);
    reads.set(key, read);
    return send(reply, read, await runRead(read, tableRequest.user, readContext));
  });
  app.post<{ Params: TableParams }>(url, async (request, reply) => {
    const tableRequest = await prepare(request);
    return send(reply, tableRequest, await insertRows(tableRequest));
  });
  app.patch<{ Params: TableParams }>(url, async (request, reply) => {
    const tableRequest = await prepare(request);
    return send(reply, tableRequest, await changeRows(tableRequest, 'update'));
  });
  app.delete<{ Params: TableParams }>(url, async (request, reply) => {
    const tableRequest = await prepare(request);
    return send(reply, tableRequest, await changeRows(tableRequest, 'delete'));
  });
}
