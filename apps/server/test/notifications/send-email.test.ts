import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { DIALECTS } from '../helpers/test-database';
import { TEST_SERVICE_KEY, request, startTestApp, type TestApp } from '../helpers/test-app';
import { createAccountThroughSink, type Account } from './fixtures';

const PATH = '/api/notifications/campus/email';
const ADA = 'ada@mit.edu';
const STRANGER = 'someone-else@stanford.edu';

interface Scenario {
  name: string;
  path?: string;
  token: 'user' | 'service' | 'none' | 'invalid';
  body: Record<string, unknown>;
  status: number;
  expected: Record<string, unknown>;
  /** For a 202: the email the sink must receive, checked part by part. */
  email?: { to: string; subject: string; html: string[]; text: string[] };
}

const scenarios: Scenario[] = [
  {
    name: 'missing to',
    token: 'user',
    body: { subject: 'Hi', text: 'Hello' },
    status: 400,
    expected: { code: 'VALIDATION_ERROR', message: 'to is required' },
  },
  {
    name: 'to that is not an address',
    token: 'user',
    body: { to: `Ada <${ADA}>, ${STRANGER}`, subject: 'Hi', text: 'Hello' },
    status: 400,
    expected: { code: 'VALIDATION_ERROR', message: 'to must be an email address' },
  },
  {
    name: 'missing subject',
    token: 'user',
    body: { to: ADA, text: 'Hello' },
    status: 400,
    expected: { code: 'VALIDATION_ERROR', message: 'subject is required' },
  },
  {
    name: 'blank subject',
    token: 'user',
    body: { to: ADA, subject: '   ', text: 'Hello' },
    status: 400,
    expected: { code: 'VALIDATION_ERROR', message: 'subject must not be empty' },
  },
  {
    name: 'subject over 200 characters',
    token: 'user',
    body: { to: ADA, subject: 'x'.repeat(201), text: 'Hello' },
    status: 400,
    expected: { code: 'VALIDATION_ERROR', message: 'subject must be at most 200 characters' },
  },
  {
    name: 'subject smuggling a header',
    token: 'user',
    body: { to: ADA, subject: 'Hi\r\nBcc: victim@mit.edu', text: 'Hello' },
    status: 400,
    expected: { code: 'VALIDATION_ERROR', message: 'subject must be a single line' },
  },
  {
    name: 'neither html nor text',
    token: 'user',
    body: { to: ADA, subject: 'Hi' },
    status: 400,
    expected: { code: 'VALIDATION_ERROR', message: 'html or text is required' },
  },
  {
    name: 'only blank text',
    token: 'user',
    body: { to: ADA, subject: 'Hi', text: ' \n ' },
    status: 400,
    expected: { code: 'VALIDATION_ERROR', message: 'html or text is required' },
  },
  {
    name: 'no token',
    token: 'none',
    body: { to: ADA, subject: 'Hi', text: 'Hello' },
    status: 401,
    expected: { code: 'UNAUTHORIZED' },
  },
  {
    name: 'no token and no body is still a 401',
    token: 'none',
    body: {},
    status: 401,
    expected: { code: 'UNAUTHORIZED' },
  },
  {
    name: 'an invalid token',
    token: 'invalid',
    body: { to: ADA, subject: 'Hi', text: 'Hello' },
    status: 401,
    expected: { code: 'INVALID_TOKEN' },
  },
  {
    name: 'an unknown project',
    path: '/api/notifications/elsewhere/email',
    token: 'service',
    body: { to: ADA, subject: 'Hi', text: 'Hello' },
    status: 404,
    expected: { code: 'NOT_FOUND' },
  },
  {
    name: 'a student writing to someone else',
    token: 'user',
    body: { to: STRANGER, subject: 'Spam', text: 'Buy now' },
    status: 403,
    expected: { code: 'FORBIDDEN' },
  },
  {
    name: 'a student writing to their own address (any case), text only',
    token: 'user',
    body: { to: ADA.toUpperCase(), subject: 'Reminder', text: 'Line <one>\nline & two' },
    status: 202,
    expected: { sent: true },
    email: {
      to: ADA,
      subject: 'Reminder',
      text: ['Line <one>\nline & two'],
      html: ['<p>Line &lt;one&gt;<br>line &amp; two</p>'],
    },
  },
  {
    name: 'a student sending html only gets a text part too',
    token: 'user',
    body: {
      to: ADA,
      subject: 'Html only',
      html: '<style>p{}</style><h1>Title</h1><p>See <a href="https://mit.edu/x">this</a> &amp; more</p>',
    },
    status: 202,
    expected: { sent: true },
    email: {
      to: ADA,
      subject: 'Html only',
      text: ['Title\n\nSee this (https://mit.edu/x) & more'],
      html: ['<h1>Title</h1>'],
    },
  },
  {
    name: 'the service key writing to anyone, both parts given',
    token: 'service',
    body: { to: STRANGER, subject: 'From the platform', html: '<b>Bold</b>', text: 'Plain' },
    status: 202,
    expected: { sent: true },
    email: { to: STRANGER, subject: 'From the platform', text: ['Plain'], html: ['<b>Bold</b>'] },
  },
];

describe.each(DIALECTS)('POST /api/notifications/:project/email on %s', (kind) => {
  let sink: SmtpSink;
  let server: TestApp;
  let ada: Account;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestApp(kind, { SMTP_URL: sink.url });
    ada = await createAccountThroughSink(server, sink, ADA);
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  const tokenFor = (token: Scenario['token']) =>
    ({ user: ada.access_token, service: TEST_SERVICE_KEY, none: undefined, invalid: 'nope' })[
      token
    ];

  it.each(scenarios)('$name -> $status', async (scenario) => {
    const sentBefore = sink.emails.length;
    const response = await request(server.baseUrl, 'POST', scenario.path ?? PATH, {
      body: scenario.body,
      token: tokenFor(scenario.token),
    });
    expect(response.status).toBe(scenario.status);
    expect(response.body).toMatchObject(scenario.expected);
    if (!scenario.email) {
      // The request was answered after the mailer was (not) called, so nothing can still arrive.
      expect(sink.emails.length).toBe(sentBefore);
      return;
    }
    const expected = scenario.email;
    const mail = await sink.waitFor(expected.to, (email) => email.subject === expected.subject);
    for (const part of expected.text) expect(mail.text).toContain(part);
    for (const part of expected.html) expect(mail.html).toContain(part);
  });
});
