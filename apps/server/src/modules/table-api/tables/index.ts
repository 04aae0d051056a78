import { applicationsPolicy } from './applications';
import { blocksPolicy } from './blocks';
import { messagesPolicy } from './messages';
import { projectsPolicy } from './projects';
import type { TablePolicy } from './types';
import { usersPolicy } from './users';

/** Every table the database API serves; anything else is PGRST205. */
export const TABLE_POLICIES: ReadonlyMap<string, TablePolicy> = new Map(
  [usersPolicy, projectsPolicy, applicationsPolicy, messagesPolicy, blocksPolicy].map((policy) => [
    policy.name,
    policy,
  ]),
);
