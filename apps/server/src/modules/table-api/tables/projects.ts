import { projectsColumnRules, projectsTable } from '@campuscollab/shared';
import { generateRowId } from './ids';
import type { TablePolicy } from './types';
import { notHiddenFrom, notInBlockWith } from './visibility';

/** How a project names a poster who has no profile yet (as notification emails do). */
const POSTER_WITHOUT_PROFILE = 'A student';

/**
 * Projects: Open ones are everyone's to read, except across a block or when an operator hid one
 * (visibility.ts); the owner reads, changes and deletes their own.
 */
export const projectsPolicy: TablePolicy = {
  name: projectsTable.name,
  primaryKey: projectsTable.primaryKey,
  uniqueKeys: [['id']],
  plannedPerValue: ['university'],
  lowerCasedCopies: ['title', 'description'],
  columns: projectsColumnRules,
  canRead: (eb, user) =>
    eb.and([
      eb.or([eb('projects.status', '=', 'Open'), eb('projects.posted_by_id', '=', user.id)]),
      notHiddenFrom(eb, 'projects', 'posted_by_id', user.id),
      notInBlockWith(eb, 'projects.posted_by_id', user),
    ]),
  canUpdate: (eb, user) => eb('projects.posted_by_id', '=', user.id),
  canDelete: (eb, user) => eb('projects.posted_by_id', '=', user.id),

  async prepareInsert(row, { user, trx, now }) {
    const poster = await trx
      .selectFrom('users')
      .select(['name', 'university', 'city'])
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    return {
      skills_needed: '[]',
      ...row,
      id: row.id ?? generateRowId('project'),
      posted_by_id: user.id,
      // The profile name, never the login email: every student reading Explore sees it.
      // Migration 013's triggers keep it current when the poster creates or renames a profile.
      posted_by: poster?.name ?? POSTER_WITHOUT_PROFILE,
      university: poster?.university ?? null,
      city: poster?.city ?? null,
      status: 'Open',
      created_at: now,
      updated_at: now,
    };
  },
  prepareUpdate: (patch, { now }) => ({ ...patch, updated_at: now }),
};
