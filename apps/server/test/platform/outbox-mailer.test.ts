import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/test-database';
import { createOutboxMailer } from '../../src/modules/email/outbox-mailer';

describe.each(DIALECTS)('the dev outbox on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  const email = (to: string, n: number) => ({
    to,
    subject: `Subject ${n}`,
    text: `Open https://campus.test/${n}`,
    html: `<p>${n}</p>`,
  });
  const keptFor = (to: string) =>
    database.db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body', 'html_body'])
      .where('to_address', '=', to)
      .orderBy('subject')
      .execute();

  it('keeps every email sent in one turn, each stored before its send resolves', async () => {
    const mailer = createOutboxMailer(database.db, pino({ level: 'silent' }));
    const sends = [1, 2, 3].map(async (n) => {
      await mailer.send(email(`turn-${n}@mit.edu`, n));
      return keptFor(`turn-${n}@mit.edu`);
    });
    const seen = await Promise.all(sends);
    expect(seen).toEqual(
      [1, 2, 3].map((n) => [
        {
          subject: `Subject ${n}`,
          text_body: `Open https://campus.test/${n}`,
          html_body: `<p>${n}</p>`,
        },
      ]),
    );
  });

  it('keeps two emails to one address in one turn as two rows', async () => {
    const mailer = createOutboxMailer(database.db, pino({ level: 'silent' }));
    await Promise.all([
      mailer.send(email('twice@mit.edu', 1)),
      mailer.send(email('twice@mit.edu', 2)),
    ]);
    expect((await keptFor('twice@mit.edu')).map((row) => row.subject)).toEqual([
      'Subject 1',
      'Subject 2',
    ]);
  });
});
