import type { ApplicationRecord } from '@campuscollab/sdk';
import { client } from '../../../lib/client';
import type { ApplicationView } from '../types';

/**
 * Adds the project title and applicant name to a page of applications, with one lookup per
 * table for the whole page (users where userId in (...), projects where id in (...)).
 */
export async function describeApplications(
  applications: ApplicationRecord[],
): Promise<ApplicationView[]> {
  if (applications.length === 0) return [];
  const projectIds = [...new Set(applications.map((item) => item.projectId))];
  const applicantIds = [...new Set(applications.map((item) => item.applicantId))];
  const [projects, people] = await Promise.all([
    client.tables
      .from('projects')
      .list({ where: { id: projectIds }, columns: ['id', 'title'], limit: projectIds.length }),
    client.tables.from('users').list({
      where: { userId: applicantIds },
      columns: ['userId', 'name'],
      limit: applicantIds.length,
    }),
  ]);
  if (projects.error) throw projects.error;
  if (people.error) throw people.error;
  const titles = new Map((projects.data ?? []).map((project) => [project.id, project.title]));
  const names = new Map((people.data ?? []).map((person) => [person.userId, person.name]));
  return applications.map((application) => ({
    ...application,
    projectTitle: titles.get(application.projectId) ?? null,
    applicantName: names.get(application.applicantId) ?? null,
  }));
}
