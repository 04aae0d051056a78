import * as auth from './001-auth';
import * as entities from './002-entities';

/** Every migration, in order. Names sort the way they must run. */
export const migrations = {
  '001-auth': auth,
  '002-entities': entities,
};
