import type { Kysely } from 'kysely';
import { ErrorCode } from '@campuscollab/shared';
import type { Database } from '../../db/schema';
import { HttpError } from '../../lib/http-error';

export const HIDEABLE_KINDS = ['project', 'profile'] as const;
export type HideableKind = (typeof HIDEABLE_KINDS)[number];

/**
 * An operator hides (or shows again) a project by its id or a profile by its account id. The
 * read policies do the rest (table-api/tables/visibility.ts). Hiding twice keeps the first time.
 */
export async function setHidden(
  db: Kysely<Database>,
  kind: HideableKind,
  id: string,
  hidden: boolean,
): Promise<{ kind: HideableKind; id: string; hidden_at: string | null }> {
  const hiddenAt = hidden ? new Date().toISOString() : null;
  const row =
    kind === 'project'
      ? await db
          .updateTable('projects')
          .set((eb) => ({
            hidden_at: hidden ? eb.fn.coalesce('hidden_at', eb.val(hiddenAt)) : null,
          }))
          .where('id', '=', id)
          .returning('hidden_at')
          .executeTakeFirst()
      : await db
          .updateTable('users')
          .set((eb) => ({
            hidden_at: hidden ? eb.fn.coalesce('hidden_at', eb.val(hiddenAt)) : null,
          }))
          .where('user_id', '=', id)
          .returning('hidden_at')
          .executeTakeFirst();
  if (!row) throw new HttpError(404, ErrorCode.notFound, `No such ${kind}`);
  return { kind, id, hidden_at: row.hidden_at };
}
