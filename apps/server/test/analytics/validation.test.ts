import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

const PATH = '/api/analytics/campus/log';
const event = (overrides: Record<string, unknown> = {}) => ({
  name: 'page_view',
  timestamp: '2025-03-01T12:00:00.000Z',
  sessionId: 'session-1',
  ...overrides,
});

interface Scenario {
  name: string;
  body: unknown;
  /** The field the 400 names in details.fields. */
  field: string;
  message?: string;
}

const invalid: Scenario[] = [
  { name: 'no events field', body: {}, field: 'events', message: 'events is required' },
  {
    name: 'zero events',
    body: { events: [] },
    field: 'events',
    message: 'events must hold 1 to 100 events',
  },
  {
    name: '101 events',
    body: { events: Array.from({ length: 101 }, () => event()) },
    field: 'events',
    message: 'events must hold 1 to 100 events',
  },
  { name: 'events that is not a list', body: { events: 'page_view' }, field: 'events' },
  {
    name: 'a missing name',
    body: { events: [event(), event({ name: undefined })] },
    field: 'events.1.name',
    message: 'events.1.name is required',
  },
  { name: 'an empty name', body: { events: [event({ name: '' })] }, field: 'events.0.name' },
  {
    name: 'a name over 100',
    body: { events: [event({ name: 'n'.repeat(101) })] },
    field: 'events.0.name',
  },
  {
    name: 'a NUL in a name',
    body: { events: [event({ name: 'a\u0000b' })] },
    field: 'events.0.name',
  },
  {
    name: 'a missing sessionId',
    body: { events: [event({ sessionId: undefined })] },
    field: 'events.0.sessionId',
  },
  {
    name: 'a sessionId over 100',
    body: { events: [event({ sessionId: 's'.repeat(101) })] },
    field: 'events.0.sessionId',
  },
  ...['yesterday', '2025-13-01T00:00:00Z', '2025-03-01', true, -1, 1e20, null].map((timestamp) => ({
    name: `timestamp ${JSON.stringify(timestamp)}`,
    body: { events: [event({ timestamp })] },
    field: 'events.0.timestamp',
    message: 'timestamp must be an ISO date string or epoch milliseconds',
  })),
  ...[[1, 2], 'text', 42, null].map((properties) => ({
    name: `properties ${JSON.stringify(properties)}`,
    body: { events: [event({ properties })] },
    field: 'events.0.properties',
  })),
  {
    name: 'properties nested too deep',
    body: { events: [event({ properties: { a: { b: { c: { d: { e: { f: 1 } } } } } } })] },
    field: 'events.0.properties',
    message: 'properties must nest at most 5 levels',
  },
  {
    name: 'properties over 4 KiB after clipping',
    body: {
      events: [
        event({
          properties: Object.fromEntries(
            Array.from({ length: 20 }, (_, i) => [`k${i}`, 'v'.repeat(300)]),
          ),
        }),
      ],
    },
    field: 'events.0.properties',
    message: 'properties must be at most 4096 bytes',
  },
];

describe.each(DIALECTS)('analytics batch validation on %s', (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(async () => server?.close());

  const log = (body: unknown) => request(server.baseUrl, 'POST', PATH, { body });

  it.each(invalid)('refuses $name with a 400 that names the field', async (scenario) => {
    const response = await log(scenario.body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    if (scenario.message) expect(response.body.message).toBe(scenario.message);
    const fields = (response.body.details as { fields: { field: string }[] }).fields;
    expect(fields.map((entry) => entry.field)).toContain(scenario.field);
  });

  it('stored nothing for any refused batch', async () => {
    const count = await server.database.db
      .selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
