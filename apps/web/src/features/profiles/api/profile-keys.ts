/**
 * Every TanStack Query key of profiles (docs/architecture.md §6): the queries read with them and
 * the mutations write or invalidate them. Each key starts with `all`.
 */
export const profileKeys = {
  all: ['profile'] as const,
  /** The signed-in student's own profile, whoever is signed in. */
  own: () => [...profileKeys.all, 'own'] as const,
  ownOf: (userId: string | undefined) => [...profileKeys.own(), userId] as const,
  /** Any student's profile by account id, for their profile page. */
  ofUser: (userId: string) => [...profileKeys.all, 'user', userId] as const,
  /** The mutation that creates the profile after sign-up. */
  create: () => [...profileKeys.all, 'create'] as const,
};
