import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import {
  baseUrl,
  createProfile,
  createVerifiedStudent,
  deleteStudent,
  signedInUrl,
  type Student,
} from './support/students';

async function post(student: Student, table: string, row: Record<string, unknown>) {
  const response = await fetch(`${baseUrl()}/api/db/campus/rest/v1/${table}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${student.tokens.access_token}`,
    },
    body: JSON.stringify(row),
  });
  expect(response.status, await response.clone().text()).toBe(201);
}

test("a project owner's dashboard shows a new application live, without reloading", async ({
  page,
  student,
  capture,
}) => {
  const projectId = `p_${randomUUID().slice(0, 8)}`;
  await createProfile(student, { name: 'Olive Owner' });
  await post(student, 'projects', { id: projectId, title: 'Solar Car', description: 'Race it.' });
  const applicant = await createVerifiedStudent();
  try {
    await createProfile(applicant, { name: 'Abel Applicant' });
    await page.goto(signedInUrl(student, 'dashboard'));
    await expect(page.getByRole('heading', { name: 'Applications to My Projects' })).toBeVisible();
    await expect(page.getByText('Abel Applicant')).toHaveCount(0);

    await post(applicant, 'applications', {
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
