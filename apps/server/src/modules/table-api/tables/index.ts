import { applicationsPolicy } from './applications';
import { messagesPolicy } from './messages';
import { projectsPolicy } from './projects';
import type { TablePolicy } from './types';
import { usersPolicy } from './users';

/** Every table the database API serves; anything else is PGRST205. */
export const TABLE_POLICIES: ReadonlyMap<string, TablePolicy> = new Map(
  [usersPolicy, projectsPolicy, applicationsPolicy, messagesPolicy].map((policy) => [
    policy.name,
    policy,
  ]),
);
