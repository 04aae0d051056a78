import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { DIALECTS } from '../helpers/test-database';
import { TEST_SERVICE_KEY, request, startTestApp, type TestApp } from '../helpers/test-app';
import {
  createAccountThroughSink,
  createRowInserters,
  emailsTo,
  insertProfile,
  setPreference,
  type Account,
  type RowInserters,
} from './fixtures';

// The database API that emits these events for real is built separately; these tests emit
// them the way it will: after the row is committed, with the row as stored.
describe.each(DIALECTS)('emails on domain events on %s', (kind) => {
  let sink: SmtpSink;
  let server: TestApp;
  let ada: Account; // sends messages, applies to projects
  let bob: Account; // receives messages, owns projects
  let cy: Account; // has no profile row at all
  let rows: RowInserters;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestApp(kind, { SMTP_URL: sink.url });
    rows = createRowInserters(server);
    ada = await createAccountThroughSink(server, sink, 'ada@mit.edu');
    bob = await createAccountThroughSink(server, sink, 'bob@mit.edu');
    cy = await createAccountThroughSink(server, sink, 'cy@mit.edu');
    await insertProfile(server, ada, { name: 'Ada Lovelace' });
    await insertProfile(server, bob, { name: 'Bob <script>' });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  /**
   * emit() resolves once every handler has finished, and the mailer resolves once the sink has
   * stored the email, so an email that was going to be sent is already here. A control email
   * sent afterwards and received proves the pipe to this address works at this moment.
   */
  async function expectNothingNewFor(account: Account, before: number) {
    const subject = `control ${randomUUID()}`;
    const control = await request(server.baseUrl, 'POST', '/api/notifications/campus/email', {
      body: { to: account.user.email, subject, text: 'control' },
      token: TEST_SERVICE_KEY,
    });
    expect(control.status).toBe(202);
    await sink.waitFor(account.user.email, (email) => email.subject === subject);
    const received = emailsTo(sink, account.user.email);
    expect(received.slice(before).map((email) => email.subject)).toEqual([subject]);
  }

  it('tells a message recipient who wrote, with a preview, escaped, and a link to Messages', async () => {
    const message = await rows.insertMessage(ada, bob, 'Study group <Friday>');
    await server.app.events.emit('message.created', { message });
    const mail = await sink.waitFor(bob.user.email, (email) => email.subject.includes('Ada'));
    expect(mail.subject).toBe('New message from Ada Lovelace on CampusCollab');
    expect(mail.text).toContain('Subject: Study group <Friday>');
    expect(mail.text).toContain(`${server.baseUrl}/?page=messages`);
    expect(mail.text).toContain('…');
    expect(mail.text.length).toBeLessThan(message.message.length + 400);
    expect(mail.html).toContain('Study group &lt;Friday&gt;');
    expect(mail.html).toContain('Hello &lt;b&gt;there&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>there');
    expect(mail.html).toContain(`href="${server.baseUrl}/?page=messages"`);
  });

  it('escapes a sender name that looks like markup', async () => {
    await server.app.events.emit('message.created', {
      message: await rows.insertMessage(bob, ada, 'Markup name'),
    });
    const mail = await sink.waitFor(ada.user.email, (email) => email.text.includes('Markup name'));
    expect(mail.subject).toBe('New message from Bob <script> on CampusCollab');
    expect(mail.html).toContain('Bob &lt;script&gt; sent you a message.');
    expect(mail.html).not.toContain('<script>');
  });

  it('sends no message email when the recipient turned email notifications off', async () => {
    await setPreference(server, bob, { email_notifications: '0' });
    const before = emailsTo(sink, bob.user.email).length;
    await server.app.events.emit('message.created', {
      message: await rows.insertMessage(ada, bob, 'Off'),
    });
    await expectNothingNewFor(bob, before);
    await setPreference(server, bob, { email_notifications: '1' });
  });

  it('treats a missing profile as all notifications on, and names an unknown sender generically', async () => {
    const message = await rows.insertMessage(cy, ada, 'From nobody');
    // cy has no profile: as a sender they are 'A student'.
    await server.app.events.emit('message.created', { message });
    const mail = await sink.waitFor(ada.user.email, (email) => email.subject.includes('A student'));
    expect(mail.text).toContain('A student sent you a message.');
    // cy has no profile: as a recipient they get the default, which is on.
    await server.app.events.emit('message.created', {
      message: await rows.insertMessage(ada, cy, 'To cy'),
    });
    await sink.waitFor(cy.user.email, (email) => email.text.includes('Subject: To cy'));
  });

  it('tells a project owner about a new application, unless they turned it off', async () => {
    const project = await rows.insertProject(bob, 'Solar Car');
    const application = await rows.insertApplication(project.id, ada);
    await server.app.events.emit('application.created', {
      application,
      projectOwnerId: bob.user.id,
    });
    const mail = await sink.waitFor(bob.user.email, (email) => email.subject.includes('Solar Car'));
    expect(mail.subject).toBe('Ada Lovelace applied to join "Solar Car"');
    expect(mail.text).toContain(`${server.baseUrl}/?page=dashboard`);
    expect(mail.html).toContain('Solar Car');

    await setPreference(server, bob, { project_notifications: '0' });
    const before = emailsTo(sink, bob.user.email).length;
    const quiet = await rows.insertProject(bob, 'Quiet Project');
    await server.app.events.emit('application.created', {
      application: await rows.insertApplication(quiet.id, ada),
      projectOwnerId: bob.user.id,
    });
    await expectNothingNewFor(bob, before);
    await setPreference(server, bob, { project_notifications: '1' });
  });

  it.each([
    { status: 'Accepted', outcome: 'accepted' },
    { status: 'Declined', outcome: 'declined' },
  ])('tells the applicant their application was $outcome', async ({ status, outcome }) => {
    const project = await rows.insertProject(bob, `Robotics ${status}`);
    const application = await rows.insertApplication(project.id, ada, status);
    await server.app.events.emit('application.updated', { application, previousStatus: 'Pending' });
    const mail = await sink.waitFor(ada.user.email, (email) =>
      email.subject.includes(`Robotics ${status}`),
    );
    expect(mail.subject).toBe(`Your application to "Robotics ${status}" was ${outcome}`);
    expect(mail.text).toContain(`${server.baseUrl}/?page=dashboard`);
  });

  it('sends no decision email when nothing was decided or the applicant opted out', async () => {
    const before = emailsTo(sink, ada.user.email).length;
    const project = await rows.insertProject(bob, 'Undecided');
    const pending = await rows.insertApplication(project.id, ada);
    await server.app.events.emit('application.updated', {
      application: pending,
      previousStatus: 'Pending',
    });
    const other = await rows.insertProject(bob, 'Already accepted');
    const accepted = await rows.insertApplication(other.id, ada, 'Accepted');
    await server.app.events.emit('application.updated', {
      application: accepted,
      previousStatus: 'Accepted',
    });
    await setPreference(server, ada, { collaboration_notifications: '0' });
    const third = await rows.insertProject(bob, 'Opted out');
    await server.app.events.emit('application.updated', {
      application: await rows.insertApplication(third.id, ada, 'Declined'),
      previousStatus: 'Pending',
    });
    await expectNothingNewFor(ada, before);
    await setPreference(server, ada, { collaboration_notifications: '1' });
  });
});
