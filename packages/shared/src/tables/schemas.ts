import { z } from 'zod';
import { clientRowId, storedTagList } from '../fields';
import { messageFields } from '../messages';
import { profileFields } from '../profile';
import { applicationFields, projectFields } from '../projects';
import { applicationsTable } from './applications';
import { attachColumnSchemas } from './column-rules';
import { blocksTable } from './blocks';
import { messagesTable } from './messages';
import { projectsTable } from './projects';
import { usersTable } from './users';

/**
 * The zod rules of the table API's columns, attached to the definitions. Full entry only: the
 * SDK reads the definitions from the core entry and never loads these. The rules are the ones
 * the forms apply too (profile.ts, projects.ts, messages.ts), with lists stored as JSON text.
 */
export { attachColumnSchemas, type ColumnRule, type ColumnSchemas } from './column-rules';

export const usersColumnRules = attachColumnSchemas(usersTable, {
  ...profileFields,
  skills: storedTagList,
  interests: storedTagList,
});

export const projectsColumnRules = attachColumnSchemas(projectsTable, {
  id: clientRowId,
  title: projectFields.title,
  description: projectFields.description,
  timeline: projectFields.timeline,
  skills_needed: storedTagList,
  status: projectFields.status,
});

/** The owner's decision: an application is Pending only until then (docs/product.md §4.10). */
const applicationDecision = z.enum(['Accepted', 'Declined'], {
  error: 'status must be Accepted or Declined',
});

export const applicationsColumnRules = attachColumnSchemas(applicationsTable, {
  id: clientRowId,
  project_id: applicationFields.project_id,
  message: applicationFields.message,
  status: applicationDecision,
});

/** Marking read is the only change, and there is no way back (docs/product.md §4.11). */
const markRead = z.literal(1, { error: 'read_status can only be set to 1 (read)' });

export const messagesColumnRules = attachColumnSchemas(messagesTable, {
  id: clientRowId,
  recipient_id: messageFields.recipient_id,
  subject: messageFields.subject,
  message: messageFields.message,
  read_status: markRead,
});

/** Blocking names the other student's account; the server checks it exists and is not oneself. */
export const blocksColumnRules = attachColumnSchemas(blocksTable, {
  blocked_id: z.string().min(1, 'blocked_id is required').max(64),
});
