import type { Client } from './scenario-world';

/**
 * Ada and Ben, students at MIT with a profile and a project each: `p_ada` ("Tabletop Games") and
 * `p_ben` ("Board Game Night"), the rows the bad-request and email-privacy tests name.
 */
export async function seedTwoPosters(asAda: Client, asBen: Client): Promise<void> {
  const profile = { university: 'MIT', role: 'Student' };
  await asAda
    .from('users')
    .insert({ ...profile, name: 'Ada Lovelace' })
    .throwOnError();
  await asBen
    .from('users')
    .insert({ ...profile, name: 'Ben Bitdiddle' })
    .throwOnError();
  await asAda
    .from('projects')
    .insert({ id: 'p_ada', title: 'Tabletop Games', description: 'Design a board game' })
    .throwOnError();
  await asBen
    .from('projects')
    .insert({ id: 'p_ben', title: 'Board Game Night', description: 'Weekly meetup' })
    .throwOnError();
}
