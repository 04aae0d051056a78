import { storedTagList } from '../fields';
import { profileFields } from '../profile';
import { attachColumnSchemas } from './column-rules';
import { usersTable } from './users';

/** The profile rules every form applies too (profile.ts), with lists stored as JSON text. */
export const usersColumnRules = attachColumnSchemas(usersTable, {
  ...profileFields,
  skills: storedTagList,
  interests: storedTagList,
});
