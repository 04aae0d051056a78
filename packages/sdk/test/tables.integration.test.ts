import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListOptions } from '../src/tables/table-client';
import type { ProjectRecord } from '../src/tables/table-types';
import { startWithTwoStudents, type TwoStudents } from './helpers/two-students';

describe('tables against the real server (SQLite)', () => {
  let world: TwoStudents;
  beforeAll(async () => {
    world = await startWithTwoStudents();
  });
  afterAll(async () => {
    await world?.close();
  });

  it('creates profiles: the server assigns the id, nested values stay as sent', async () => {
    const { ada, adaId, bob, bobId } = world;
    const skills = JSON.stringify(['Machine Learning', 'UI/UX Design']);
    const profile = await ada.tables.from('users').create({
      name: 'Ada Lovelace',
      university: 'MIT',
      role: 'Developer',
      city: 'Cambridge',
      skills,
    });
    expect(profile.error).toBeNull();
    expect(profile.data).toMatchObject({
      userId: adaId,
      name: 'Ada Lovelace',
      email: 'ada@mit.edu',
      skills,
      referralCount: 0,
      emailNotifications: '1',
    });
    expect(profile.data?.id).toMatch(/^user_/);
    expect(profile.data?.referralCode).toMatch(/^adalo\d{3}$/);

    const bobs = await bob.tables.from('users').create({
      name: 'Bob',
      university: 'Oxford',
      role: 'Designer',
      referredBy: profile.data?.referralCode,
    });
    expect(bobs.error).toBeNull();
    const [own] =
      (await ada.tables.from('users').list({ where: { userId: adaId }, limit: 1 })).data ?? [];
    expect(own?.referralCount).toBe(1);
    // Another student's address is not shown.
    const [other] = (await ada.tables.from('users').list({ where: { userId: bobId } })).data ?? [];
    expect(other).toMatchObject({ name: 'Bob', email: null });
  });

  it('posts, lists with filters, order and cursor, updates and deletes projects', async () => {
    const { ada, adaId, bob, bobId } = world;
    const titles = ['Robotics club website', 'Robot arm', 'Poetry zine', 'Robot soccer'];
    const created = [];
    for (const title of titles) {
      const result = await ada.tables
        .from('projects')
        .create({ title, description: `About ${title}`, skillsNeeded: ['Design'] });
      expect(result.error).toBeNull();
      created.push(result.data!);
    }
    expect(created[0]!.id).toMatch(/^project_\d{13}[0-9a-f]{8}$/);
    expect(created[0]).toMatchObject({
      postedById: adaId,
      // The poster's profile name: another student's login email is never shown.
      postedBy: 'Ada Lovelace',
      status: 'Open',
      skillsNeeded: '["Design"]',
    });

    const options: ListOptions<ProjectRecord> = {
      where: (filter) => filter.eq('status', 'Open').ilike('title', '*robot*'),
      order: [{ column: 'title', ascending: true }],
      limit: 2,
      count: true,
    };
    const page1 = await bob.tables.from('projects').list(options);
    expect(page1.error).toBeNull();
    expect(page1.count).toBe(3);
    expect(page1.data?.map((project) => project.title)).toEqual(['Robot arm', 'Robot soccer']);
    expect(page1.nextCursor).toEqual(expect.any(String));
    const page2 = await bob.tables.from('projects').list({ ...options, cursor: page1.nextCursor });
    expect(page2.data?.map((project) => project.title)).toEqual(['Robotics club website']);
    expect(page2.nextCursor).toBeNull();

    const newest = await bob.tables
      .from('projects')
      .list({ where: { postedById: adaId }, order: [{ column: 'createdAt', ascending: false }] });
    expect(newest.data?.[0]?.title).toBe('Robot soccer');

    const renamed = await ada.tables
      .from('projects')
      .update(created[2]!.id, { title: 'Poetry zine, issue 2' });
    expect(renamed.data?.title).toBe('Poetry zine, issue 2');
    const refused = await bob.tables.from('projects').update(created[2]!.id, { title: 'Mine now' });
    expect(refused.error).toMatchObject({ kind: 'DATABASE_ERROR', status: 403, code: '42501' });

    const removed = await ada.tables.from('projects').delete(created[2]!.id);
    expect(removed.data?.id).toBe(created[2]!.id);
    expect((await ada.tables.from('projects').get(created[2]!.id)).data).toBeNull();

    const application = await bob.tables
      .from('applications')
      .create({ projectId: created[0]!.id, message: 'I would like to join this project!' });
    expect(application.data).toMatchObject({ applicantId: bobId, status: 'Pending' });
    expect(application.data?.id).toMatch(/^application_/);
    const again = await bob.tables
      .from('applications')
      .create({ projectId: created[0]!.id, message: 'I would like to join this project!' });
    expect(again.error).toMatchObject({ kind: 'DATABASE_ERROR', status: 409, code: '23505' });
  });

  it('deletes the account and everything it owns, then signs out', async () => {
    const { ada, adaId, bob } = world;
    const result = await ada.auth.deleteAccount();
    expect(result).toEqual({ data: null, error: null });
    expect(ada.auth.getState()).toMatchObject({ user: null, tokens: null, isAuthenticated: false });

    expect((await bob.tables.from('users').list({ where: { userId: adaId } })).data).toEqual([]);
    expect((await bob.tables.from('projects').list({ where: { postedById: adaId } })).data).toEqual(
      [],
    );
    const again = await ada.auth.signInWithEmail('ada@mit.edu', 'correct-horse-battery');
    expect(again.error).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });
});
