import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import {
  createProfile,
  createVerifiedStudent,
  deleteStudent,
  openSignedIn,
} from './support/students';
import { insertRow } from './support/table-api';

test("a project owner's dashboard shows a new application live, without reloading", async ({
  page,
  student,
  capture,
}) => {
  const projectId = `p_${randomUUID().slice(0, 8)}`;
  await createProfile(student, { name: 'Olive Owner' });
  await insertRow(student, 'projects', {
    id: projectId,
    title: 'Solar Car',
    description: 'Race it.',
  });
  const applicant = await createVerifiedStudent();
  try {
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
  } finally {
    await deleteStudent(applicant);
  }
});

test('an application made while the live channel connects still reaches the dashboard', async ({
  page,
  student,
}) => {
  const projectId = `p_${randomUUID().slice(0, 8)}`;
  await createProfile(student, { name: 'Owen Owner' });
  await insertRow(student, 'projects', {
    id: projectId,
    title: 'Wind Tunnel',
    description: 'Blow.',
  });
  const applicant = await createVerifiedStudent();
  try {
    await createProfile(applicant, { name: 'Ada Early' });
    // The page's request to join its private channel is held, as on a slow network, until the
    // application exists: the event announcing it goes out before the page listens.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let joining = () => {};
    const joined = new Promise<void>((resolve) => (joining = resolve));
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
  } finally {
    await deleteStudent(applicant);
  }
});
