import { createVerifiedAccount } from '../helpers/accounts';
import { request } from '../helpers/test-app';

export const TABLES = '/api/db/campus/rest/v1';
export const TEAMS = '/api/teams/campus';

export interface Student {
  id: string;
  token: string;
}

/**
 * A project with a team, made through the API as students make it: Ada owns it (profile
 * "Ada Lovelace"), Bob was accepted (profile "Bob"), Dan applied and waits, Carol is outside.
 */
export interface TeamWorld {
  projectId: string;
  channel: string;
  ada: Student;
  bob: Student;
  carol: Student;
  dan: Student;
  applications: { bob: string; dan: string };
}

export async function ok<T>(
  pending: Promise<{ status: number; body: T }>,
  expected: number,
): Promise<T> {
  const answer = await pending;
  if (answer.status !== expected) {
    throw new Error(`expected ${expected}, got ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

async function student(baseUrl: string, email: string, name?: string): Promise<Student> {
  const session = await createVerifiedAccount(baseUrl, email);
  if (name) {
    await ok(
      request(baseUrl, 'POST', `${TABLES}/users`, {
        token: session.access_token,
        body: { name, university: 'MIT', city: 'Cambridge', role: 'Student' },
      }),
      201,
    );
  }
  return { id: session.user.id, token: session.access_token };
}

/** `tag` keeps emails and ids apart when one server holds several worlds. */
export async function buildTeamWorld(baseUrl: string, tag: string): Promise<TeamWorld> {
  const ada = await student(baseUrl, `ada-${tag}@mit.edu`, 'Ada Lovelace');
  const bob = await student(baseUrl, `bob-${tag}@mit.edu`, 'Bob');
  const carol = await student(baseUrl, `carol-${tag}@mit.edu`);
  const dan = await student(baseUrl, `dan-${tag}@mit.edu`);
  const projectId = `p_${tag}`;
  await ok(
    request(baseUrl, 'POST', `${TABLES}/projects`, {
      token: ada.token,
      body: { id: projectId, title: 'Robot arm', description: 'Build one' },
    }),
    201,
  );
  const apply = (who: Student, id: string) =>
    ok(
      request(baseUrl, 'POST', `${TABLES}/applications`, {
        token: who.token,
        body: { id, project_id: projectId, message: 'I would like to join this project!' },
      }),
      201,
    );
  await apply(bob, `a_bob_${tag}`);
  await apply(dan, `a_dan_${tag}`);
  await ok(
    request(baseUrl, 'PATCH', `${TABLES}/applications?id=eq.a_bob_${tag}`, {
      token: ada.token,
      body: { status: 'Accepted' },
    }),
    204,
  );
  return {
    projectId,
    channel: `team:${projectId}`,
    ada,
    bob,
    carol,
    dan,
    applications: { bob: `a_bob_${tag}`, dan: `a_dan_${tag}` },
  };
}
