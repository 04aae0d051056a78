import { expect, test } from './support/fixtures';
import { createProfile, openSignedIn } from './support/students';
import { insertRow, ownerWithProject } from './support/table-api';

/** A moment of the journey the test waits for (`reached`) and marks when it comes (`reach`). */
function moment() {
  let reach = () => {};
  const reached = new Promise<void>((resolve) => (reach = resolve));
  return { reached, reach };
}

test("a project owner's dashboard shows a new application live, without reloading", async ({
  page,
  student,
  newStudent,
  capture,
}) => {
  const projectId = await ownerWithProject(student, 'Olive Owner', {
    title: 'Solar Car',
    description: 'Race it.',
  });
  const applicant = await newStudent();
  await createProfile(applicant, { name: 'Abel Applicant' });
  await openSignedIn(page, student, 'dashboard');
  await expect(page.getByRole('heading', { name: 'Applications to My Projects' })).toBeVisible();
  await expect(page.getByText('Abel Applicant')).toHaveCount(0);

  await insertRow(applicant, 'applications', {
    project_id: projectId,
    message: 'I would like to join this project!',
  });

  await expect(page.getByText('Abel Applicant')).toBeVisible();
  await expect(page.getByText('Solar Car').first()).toBeVisible();
  await capture('live-application');
});

test('an application made while the live channel connects still reaches the dashboard', async ({
  page,
  student,
  newStudent,
}) => {
  const projectId = await ownerWithProject(student, 'Owen Owner', {
    title: 'Wind Tunnel',
    description: 'Blow.',
  });
  const applicant = await newStudent();
  await createProfile(applicant, { name: 'Ada Early' });
  // The page's request to join its private channel is held, as on a slow network, until the
  // application exists: the event announcing it goes out before the page listens.
  const { reached: released, reach: release } = moment();
  const { reached: joined, reach: joining } = moment();
  await page.routeWebSocket(/\/api\/realtime\//, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage(async (message) => {
      const frame = JSON.parse(String(message)) as { type?: string; channel?: string };
      if (frame.type === 'subscribe' && frame.channel?.startsWith('user:')) {
        joining();
        await released;
      }
      server.send(message);
    });
  });
  await openSignedIn(page, student, 'dashboard');
  await expect(page.getByText('No applications to your projects yet.')).toBeVisible();
  await joined;

  await insertRow(applicant, 'applications', { project_id: projectId, message: 'Count me in!' });
  release();

  await expect(page.getByText('Ada Early')).toBeVisible();
});

test("an application announced while the dashboard's first read is under way still shows", async ({
  page,
  student,
  newStudent,
}) => {
  const projectId = await ownerWithProject(student, 'Oona Owner', {
    title: 'Kite Lab',
    description: 'Fly.',
  });
  const applicant = await newStudent();
  await createProfile(applicant, { name: 'Ari Late' });
  // The page's reads of applications are answered by the server at once but reach the page
  // only after the event announcing the new application has: as on a slow network, the page
  // hears of the change while its first answer, read before the change, is still on its way.
  let applied = false;
  const { reached: announced, reach: announce } = moment();
  const { reached: subscribed, reach: subscribe } = moment();
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { type?: string; channel?: string };
      if (frame.type === 'ack' && frame.channel?.startsWith('user:')) subscribe();
      if (String(payload).includes('application.created')) announce();
    }),
  );
  const { reached: answered, reach: answer } = moment();
  await page.route(/\/rest\/v1\/applications/, async (route) => {
    if (applied) return route.continue();
    const response = await route.fetch();
    answer();
    await announced;
    // The page may have given up on this answer by now, which is what it should do.
    await route.fulfill({ response }).catch(() => {});
  });
  await openSignedIn(page, student, 'dashboard');
  await Promise.all([subscribed, answered]);

  await insertRow(applicant, 'applications', { project_id: projectId, message: 'Me too!' });
  applied = true;

  await expect(page.getByText('Ari Late')).toBeVisible();
});
