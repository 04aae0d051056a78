import type { Client, Scenario } from './scenario-world';

/**
 * Writes through postgrest-js, as ada unless `as` says otherwise. Each one creates the rows it
 * changes (ids `w_...`), except where it checks that someone else's seeded row is refused.
 */

const project = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
  id,
  title,
  description: `About ${title}`,
  ...extra,
});
const addProject = (db: Client, id: string, title: string) =>
  db.from('projects').insert(project(id, title)).throwOnError();
/** The title a project has afterwards; null when it must be gone. */
const after = (id: string, title: string | null) => ({
  build: (db: Client) => db.from('projects').select('title').eq('id', id),
  data: title === null ? [] : [{ title }],
});
const denied = { code: '42501' };

const inserts: Scenario[] = [
  {
    name: 'insert one row with select().single()',
    build: (db) =>
      db
        .from('projects')
        .insert(project('w_single', 'Write Single'))
        .select('id,title,timeline,status,posted_by')
        .single(),
    status: 201,
    data: {
      id: 'w_single',
      title: 'Write Single',
      timeline: null,
      status: 'Open',
      posted_by: 'Ada Lovelace',
    },
  },
  {
    name: 'insert one row without select()',
    build: (db) => db.from('projects').insert(project('w_quiet', 'Write Quiet')),
    status: 201,
    data: null,
    after: after('w_quiet', 'Write Quiet'),
  },
  {
    name: 'insert with count exact',
    build: (db) =>
      db.from('projects').insert(project('w_counted', 'Write Counted'), { count: 'exact' }),
    status: 201,
    data: null,
    count: 1,
  },
  {
    name: 'bulk insert with select()',
    build: (db) =>
      db
        .from('projects')
        .insert([
          project('w_bulk1', 'Bulk One'),
          project('w_bulk2', 'Bulk Two', { timeline: '1 week' }),
        ])
        .select('id,timeline,skills_needed'),
    status: 201,
    data: [
      { id: 'w_bulk1', timeline: null, skills_needed: '[]' },
      { id: 'w_bulk2', timeline: '1 week', skills_needed: '[]' },
    ],
  },
  {
    name: 'bulk insert without select()',
    build: (db) =>
      db
        .from('projects')
        .insert([project('w_bulk3', 'Bulk Three'), project('w_bulk4', 'Bulk Four')]),
    status: 201,
    data: null,
    after: {
      build: (db) => db.from('projects').select('id').in('id', ['w_bulk3', 'w_bulk4']).order('id'),
      data: [{ id: 'w_bulk3' }, { id: 'w_bulk4' }],
    },
  },
  {
    name: 'insert with an id that exists',
    build: (db) => db.from('projects').insert(project('p_alpha', 'Copy of Alpha')),
    status: 409,
    error: { code: '23505' },
    after: after('p_alpha', 'Alpha Robotics'),
  },
  {
    name: 'a second profile for the same account',
    build: (db) =>
      db.from('users').insert({ name: 'Ada Again', university: 'MIT', role: 'Student' }),
    status: 409,
    error: { code: '23505', message: 'A profile already exists for this account' },
  },
  {
    name: 'apply to a project',
    build: (db) =>
      db
        .from('applications')
        .insert({ project_id: 'p_zeta', message: 'I would like to join this project!' })
        .select('project_id,status')
        .single(),
    status: 201,
    data: { project_id: 'p_zeta', status: 'Pending' },
  },
  {
    name: "apply to one's own project",
    build: (db) => db.from('applications').insert({ project_id: 'p_alpha', message: 'Me!' }),
    status: 403,
    error: { code: '42501', message: 'You cannot apply to your own project' },
  },
  {
    name: 'apply twice',
    build: (db) => db.from('applications').insert({ project_id: 'p_delta', message: 'Again' }),
    status: 409,
    error: { code: '23505', message: 'You have already applied to this project' },
  },
  {
    name: 'message oneself',
    build: (db, world) =>
      db.from('messages').insert({ recipient_id: world.ids.ada, subject: 'Hi', message: 'Me' }),
    status: 400,
    error: { code: '23514' },
  },
  {
    name: 'message an account that does not exist',
    build: (db) =>
      db.from('messages').insert({ recipient_id: 'nobody', subject: 'Hi', message: 'You' }),
    status: 409,
    error: { code: '23503' },
  },
];

const upserts: Scenario[] = [
  {
    name: 'upsert merge changes the title of an own project',
    build: async (db) => {
      await addProject(db, 'w_merge', 'Merge Before');
      return db
        .from('projects')
        .upsert(project('w_merge', 'Merge After'), { onConflict: 'id' })
        .select('id,title,status');
    },
    status: 201,
    data: [{ id: 'w_merge', title: 'Merge After', status: 'Open' }],
    after: after('w_merge', 'Merge After'),
  },
  {
    name: 'upsert merge without select()',
    build: async (db) => {
      await addProject(db, 'w_merge2', 'Merge Two Before');
      return db
        .from('projects')
        .upsert(project('w_merge2', 'Merge Two After'), { onConflict: 'id' });
    },
    status: 201,
    data: null,
    after: after('w_merge2', 'Merge Two After'),
  },
  {
    name: 'upsert of a new row inserts it',
    build: (db) =>
      db.from('projects').upsert(project('w_fresh', 'Fresh Upsert')).select('id,title'),
    status: 201,
    data: [{ id: 'w_fresh', title: 'Fresh Upsert' }],
  },
  {
    name: 'upsert ignoreDuplicates leaves the title unchanged',
    build: async (db) => {
      await addProject(db, 'w_ignore', 'Ignore Before');
      return db
        .from('projects')
        .upsert(project('w_ignore', 'Ignore After'), { onConflict: 'id', ignoreDuplicates: true })
        .select('id,title');
    },
    status: 201,
    data: [],
    after: after('w_ignore', 'Ignore Before'),
  },
  {
    // A denied write is 403 (docs/product.md §6), as PostgreSQL's row security makes it for
    // ON CONFLICT DO UPDATE onto a row the user may not update.
    name: "upsert merge onto someone else's project is refused",
    build: (db) =>
      db
        .from('projects')
        .upsert(project('p_gamma', 'Hijacked'), { onConflict: 'id' })
        .select('id,title'),
    status: 403,
    error: denied,
    after: after('p_gamma', 'Gamma Music Lab'),
  },
];

const updates: Scenario[] = [
  {
    name: 'update with select()',
    build: async (db) => {
      await addProject(db, 'w_upd', 'Update Me');
      return db
        .from('projects')
        .update({ timeline: '4 weeks' })
        .eq('id', 'w_upd')
        .select('id,timeline');
    },
    status: 200,
    data: [{ id: 'w_upd', timeline: '4 weeks' }],
  },
  {
    name: 'update without select()',
    build: async (db) => {
      await addProject(db, 'w_upd2', 'Update Me Too');
      return db.from('projects').update({ title: 'Updated Quietly' }).eq('id', 'w_upd2');
    },
    status: 204,
    data: null,
    after: after('w_upd2', 'Updated Quietly'),
  },
  {
    name: 'update with count exact',
    build: async (db) => {
      await addProject(db, 'w_upd3', 'Count Me');
      return db
        .from('projects')
        .update({ timeline: '2 days' }, { count: 'exact' })
        .eq('id', 'w_upd3');
    },
    status: 204,
    data: null,
    count: 1,
  },
  {
    name: 'update matching nothing',
    build: (db) =>
      db.from('projects').update({ timeline: 'never' }).eq('id', 'w_missing').select('id'),
    status: 200,
    data: [],
  },
  {
    name: "update someone else's project",
    build: (db) => db.from('projects').update({ title: 'Hijacked' }).eq('id', 'p_gamma'),
    status: 403,
    error: denied,
    after: after('p_gamma', 'Gamma Music Lab'),
  },
  {
    name: 'the recipient marks a message read',
    build: async (db, world) => {
      await world.clients.ben
        .from('messages')
        .insert({ id: 'w_msg', recipient_id: world.ids.ada, subject: 'Ping', message: 'Pong' })
        .throwOnError();
      return db
        .from('messages')
        .update({ read_status: 1 })
        .eq('id', 'w_msg')
        .select('id,read_status');
    },
    status: 200,
    data: [{ id: 'w_msg', read_status: 1 }],
  },
  {
    name: 'the sender cannot mark a message read',
    build: (db) => db.from('messages').update({ read_status: 1 }).eq('id', 'm_ada_ben'),
    status: 403,
    error: denied,
  },
  {
    name: 'the project owner accepts an application',
    build: (db) =>
      db
        .from('applications')
        .update({ status: 'Accepted' })
        .eq('id', 'a_ben_alpha')
        .select('id,status')
        .single(),
    status: 200,
    data: { id: 'a_ben_alpha', status: 'Accepted' },
  },
];

// What postgrest-js's maxAffected(1) sends (it is only typed for PostgREST 13 clients).
const MAX_ONE = 'handling=strict, max-affected=1';
const pair = (first: string, second: string) => ({
  build: (db: Client) =>
    db.from('projects').select('id,timeline').in('id', [first, second]).order('id'),
  data: [
    { id: first, timeline: null },
    { id: second, timeline: null },
  ],
});

const maxAffected: Scenario[] = [
  {
    name: 'update affecting more rows than max-affected is refused, nothing changes',
    build: async (db) => {
      await addProject(db, 'w_max1', 'Max One');
      await addProject(db, 'w_max2', 'Max Two');
      return db
        .from('projects')
        .update({ timeline: 'too many' })
        .in('id', ['w_max1', 'w_max2'])
        .setHeader('Prefer', MAX_ONE);
    },
    status: 400,
    error: { code: 'PGRST124' },
    after: pair('w_max1', 'w_max2'),
  },
  {
    name: 'delete affecting more rows than max-affected is refused, nothing is deleted',
    build: async (db) => {
      await addProject(db, 'w_max3', 'Max Three');
      await addProject(db, 'w_max4', 'Max Four');
      return db
        .from('projects')
        .delete()
        .in('id', ['w_max3', 'w_max4'])
        .setHeader('Prefer', MAX_ONE);
    },
    status: 400,
    error: { code: 'PGRST124' },
    after: pair('w_max3', 'w_max4'),
  },
  {
    name: 'update within max-affected goes ahead',
    build: async (db) => {
      await addProject(db, 'w_max5', 'Max Five');
      return db
        .from('projects')
        .update({ timeline: 'one' })
        .eq('id', 'w_max5')
        .setHeader('Prefer', MAX_ONE);
    },
    status: 204,
    data: null,
  },
];

const deletes: Scenario[] = [
  {
    name: 'delete with select()',
    build: async (db) => {
      await addProject(db, 'w_del', 'Delete Me');
      return db.from('projects').delete().eq('id', 'w_del').select('id,title');
    },
    status: 200,
    data: [{ id: 'w_del', title: 'Delete Me' }],
    after: after('w_del', null),
  },
  {
    name: 'delete without select()',
    build: async (db) => {
      await addProject(db, 'w_del2', 'Delete Me Too');
      return db.from('projects').delete().eq('id', 'w_del2');
    },
    status: 204,
    data: null,
    after: after('w_del2', null),
  },
  {
    name: "delete someone else's project",
    build: (db) => db.from('projects').delete().eq('id', 'p_gamma'),
    status: 403,
    error: denied,
    after: after('p_gamma', 'Gamma Music Lab'),
  },
  {
    name: 'the recipient deletes a message',
    build: (db) => db.from('messages').delete().eq('id', 'm_cy_ada').select('subject'),
    status: 200,
    data: [{ subject: 'Question for Ada' }],
  },
];

export const WRITE_SCENARIOS: Scenario[] = [
  ...inserts,
  ...upserts,
  ...updates,
  ...maxAffected,
  ...deletes,
];
