import { randomBytes } from 'node:crypto';
import type { Request } from 'autocannon';
import { APPLICATION_MESSAGE } from '@campuscollab/shared';
import { NEARBY_SCENARIOS } from './nearby-scenarios';
import { PAGE_SCENARIOS } from './page-scenarios';
import { exploreSearch, READ_SCENARIOS } from './read-scenarios';
import { bearer, REST, type Scenario } from './scenario-kit';

export type { BaselineQuery, Scenario } from './scenario-kit';

/** SDK `create`: a client-made id (packages/sdk tables/record-ids.ts), new for every request. */
const recordId = (prefix: string) => `${prefix}_${Date.now()}${randomBytes(4).toString('hex')}`;

/** postgrest-js `insert(row).select()`: `?select=*` and `Prefer: return=representation`. */
function insertRequest(
  table: string,
  next: () => { token: string; row: Record<string, unknown> },
): Request {
  return {
    method: 'POST',
    path: `${REST}/${table}?select=*`,
    // Rebuilt before every request (autocannon calls setupRequest each time), so each insert
    // carries a new id and, for applications, a project not applied to yet.
    setupRequest: (request) => {
      const { token, row } = next();
      return {
        ...request,
        headers: {
          ...bearer(token),
          'content-type': 'application/json',
          prefer: 'return=representation',
        },
        body: JSON.stringify(row),
      };
    },
  };
}

/** Token refresh and the two hot writes; no baseline: their cost is the app's own work. */
const ACTION_SCENARIOS: Scenario[] = [
  {
    name: 'refresh token',
    kind: 'refresh',
    source: 'packages/sdk auth session (rotation: each refresh token is good once)',
    build: (w) => [
      {
        method: 'POST',
        path: '/api/auth/refresh',
        headers: { 'content-type': 'application/json' },
        // A shared pool, not per-connection context: autocannon resets a connection's context
        // after every pass over a one-request sequence, and the warm-up must hand its unspent
        // tokens to the measured run. A missing token sends a bad one, counted as non-2xx.
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ refresh_token: w.refreshTokens.shift() ?? 'pool-exhausted' }),
        }),
        onResponse: (status, body) => {
          if (status !== 200) return;
          const token = (JSON.parse(body) as { refresh_token?: string }).refresh_token;
          if (token) w.refreshTokens.push(token);
        },
      },
    ],
  },
  {
    name: 'send message',
    kind: 'write',
    source: 'features/messages/api/send-message.ts',
    build: (w) => [
      insertRequest('messages', () => ({
        token: w.student.token,
        row: {
          recipient_id: w.recipientId,
          subject: 'Benchmark',
          message: 'Hello from the benchmark',
          id: recordId('msg'),
        },
      })),
    ],
  },
  {
    name: 'apply to project',
    kind: 'write',
    source: 'features/applications/api/create-application.ts',
    build: (w) => [
      insertRequest('applications', () => {
        // Run out and the request is refused (non-2xx), which flags the row instead of hiding it.
        const next = w.applications.pop() ?? { token: 'exhausted', projectId: 'exhausted' };
        return {
          token: next.token,
          row: {
            project_id: next.projectId,
            message: APPLICATION_MESSAGE,
            id: recordId('application'),
          },
        };
      }),
    ],
  },
];

/**
 * The app's lightest route: routing, hooks, security headers and one `select 1`, with no token
 * or table policy. Every other path pays at least this, so it shows how much of a small read's
 * cost is the framework's floor rather than the read's own work.
 */
const FLOOR_SCENARIO: Scenario = {
  name: 'reference: GET /api/health',
  source: 'modules/health/routes.ts (load balancers and the deploy check call it)',
  build: () => [{ method: 'GET', path: '/api/health' }],
  kind: 'reference',
};

/** Every hot path, in the order the results table prints them. */
export const SCENARIOS: Scenario[] = [
  ...READ_SCENARIOS,
  ...NEARBY_SCENARIOS,
  ...PAGE_SCENARIOS,
  ...ACTION_SCENARIOS,
  FLOOR_SCENARIO,
  // Last: on a large SQLite campus every request reads every project and times out, and the
  // server works through the requests still queued after the load stops; a path measured after
  // it would pay for that.
  exploreSearch('all', true),
];
