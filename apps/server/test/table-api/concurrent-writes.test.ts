import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedStudents } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Writes sent together may share a commit (on SQLite, modules/table-api/write-groups.ts): each
 * request must still get its own answer, a refused or failing row must fail only its own
 * request, and events must follow only the rows really written (docs/security.md, Data).
 */

const REST = '/api/db/campus/rest/v1';
const NAMES = ['ada', 'bob', 'carol', 'dan'] as const;
type Name = (typeof NAMES)[number];

const note = (id: string, recipient: string, subject: string) => ({
  id,
  recipient_id: recipient,
  subject,
  message: `Message ${id}`,
});

describe.each(DIALECTS)('concurrent writes on %s', (kind) => {
  let server: TestApp;
  let ids: Record<Name, string>;
  let tokens: Record<Name, string>;

  const post = (as: Name, table: string, body: unknown, prefer = 'return=representation') =>
    request<Record<string, unknown>[] & { code?: string }>(
      server.baseUrl,
      'POST',
      `${REST}/${table}`,
      { token: tokens[as], headers: { prefer }, body },
    );
  const storedMessages = async (prefix: string) =>
    (
      await server.database.db
        .selectFrom('messages')
        .select(['id', 'subject', 'sender_id'])
        .where('id', 'like', `${prefix}%`)
        .orderBy('id')
        .execute()
    ).map((row) => ({ ...row }));
  /** The ids of the new-message events on `name`'s private channel, once every handler ran. */
  const messageEvents = async (name: Name) => {
    await server.app.events.drain();
    const history = await request<{ messages: { event: string; payload: { id: string } }[] }>(
      server.baseUrl,
      'GET',
      `/api/realtime/campus/messages?channel=user:${ids[name]}&limit=200`,
      { token: tokens[name] },
    );
    return history.body.messages
      .filter((message) => message.event === 'message.created')
      .map((message) => message.payload.id)
      .sort();
  };

  beforeAll(async () => {
    server = await startTestApp(kind, {
      MESSAGE_RATE_LIMIT_PER_MINUTE: '1000',
      APPLICATION_RATE_LIMIT_PER_MINUTE: '1000',
    });
    ({ ids, tokens } = await createVerifiedStudents(server.baseUrl, NAMES));
    const project = { id: 'p_dan', title: 'Robot arm', description: 'Help wanted' };
    expect((await post('dan', 'projects', project)).status).toBe(201);
    // carol blocked ada: ada's messages to carol are refused, whatever else is sent with them.
    expect((await post('carol', 'blocks', { blocked_id: ids.ada })).status).toBe(201);
  });
  afterAll(() => server.close());

  it('answers each of many concurrent sends with its own row', async () => {
    const senders: Name[] = ['ada', 'carol', 'dan'];
    const sends = Array.from({ length: 24 }, (_, index) => {
      const sender = senders[index % senders.length]!;
      return { sender, row: note(`own_${String(index).padStart(2, '0')}`, ids.bob, `S${index}`) };
    });
    const answers = await Promise.all(
      sends.map(({ sender, row }) => post(sender, 'messages', row)),
    );
    answers.forEach((answer, index) => {
      const { sender, row } = sends[index]!;
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body).toHaveLength(1);
      expect(answer.body[0]).toMatchObject({ ...row, sender_id: ids[sender] });
    });
    expect(await storedMessages('own_')).toEqual(
      sends.map(({ sender, row }) => ({
        id: row.id,
        subject: row.subject,
        sender_id: ids[sender],
      })),
    );
  });

  it('fails only the bad rows among concurrent good ones, and tells only of the good', async () => {
    const before = await messageEvents('bob');
    const good = Array.from({ length: 8 }, (_, index) => note(`mix_ok_${index}`, ids.bob, 'Ok'));
    const answers = await Promise.all([
      ...good.slice(0, 4).map((row) => post('dan', 'messages', row)),
      // A policy refusal (a block), a missing recipient, a message to oneself, a value the
      // validation refuses: each fails alone.
      post('ada', 'messages', note('mix_blocked', ids.carol, 'Blocked')),
      post('ada', 'messages', note('mix_nobody', 'acct_nobody', 'Nobody')),
      post('dan', 'messages', note('mix_self', ids.dan, 'Self')),
      post('dan', 'messages', { ...note('mix_bad', ids.bob, 'Bad'), subject: 42 }),
      ...good.slice(4).map((row) => post('ada', 'messages', row)),
    ]);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses).toEqual([201, 201, 201, 201, 403, 409, 400, 400, 201, 201, 201, 201]);
    expect(answers[4]!.body.code).toBe('42501');
    expect(answers[5]!.body.code).toBe('23503');
    expect(answers.filter((a) => a.status === 201).map((a) => a.body[0]!.id)).toEqual(
      good.map((row) => row.id),
    );
    expect((await storedMessages('mix_')).map((row) => row.id)).toEqual(
      good.map((row) => row.id).sort(),
    );
    const after = await messageEvents('bob');
    expect(after.filter((id) => !before.includes(id))).toEqual(good.map((row) => row.id).sort());
    expect(await messageEvents('carol')).not.toContain('mix_blocked');
  });

  it('stores one of concurrent rows with the same id, and refuses the others', async () => {
    const senders: Name[] = ['ada', 'dan', 'ada', 'dan', 'ada', 'dan'];
    const before = await messageEvents('bob');
    const answers = await Promise.all(
      senders.map((sender, index) =>
        post(sender, 'messages', note('dup_same', ids.bob, `D${index}`)),
      ),
    );
    const written = answers.filter((answer) => answer.status === 201);
    expect(written).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('23505');
    }
    const [stored] = await storedMessages('dup_same');
    // The one answered 201 is the one stored: its own subject and sender.
    const winner = answers.indexOf(written[0]!);
    expect(stored).toEqual({
      id: 'dup_same',
      subject: `D${winner}`,
      sender_id: ids[senders[winner]!],
    });
    expect(written[0]!.body[0]).toMatchObject({ id: 'dup_same', subject: `D${winner}` });
    const after = await messageEvents('bob');
    expect(after.filter((id) => !before.includes(id))).toEqual(['dup_same']);
  });

  it('accepts one of concurrent applications to the same project by one student', async () => {
    const application = (id: string) => ({ id, project_id: 'p_dan', message: 'Count me in!' });
    const answers = await Promise.all([
      post('ada', 'applications', application('apply_1')),
      post('ada', 'applications', application('apply_2')),
      post('bob', 'applications', application('apply_3')),
      post('dan', 'applications', application('apply_own')),
    ]);
    const adas = answers.slice(0, 2).map((answer) => answer.status);
    expect(adas.sort()).toEqual([201, 409]);
    expect(answers[2]!.status).toBe(201);
    expect(answers[2]!.body[0]).toMatchObject({ id: 'apply_3', applicant_id: ids.bob });
    expect(answers[3]!.status).toBe(403);
    const stored = await server.database.db
      .selectFrom('applications')
      .select(['applicant_id'])
      .where('project_id', '=', 'p_dan')
      .execute();
    expect(stored.map((row) => row.applicant_id).sort()).toEqual([ids.ada, ids.bob].sort());
  });
});
