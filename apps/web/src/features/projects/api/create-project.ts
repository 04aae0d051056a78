import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import type { NewProject } from '../types';
import { projectKeys } from './project-keys';

/** docs/product.md §7.2: projects create; the server sets poster, university, city, status Open. */
export async function createProject(project: NewProject) {
  const { data, error } = await client.tables.from('projects').create({
    title: project.title,
    description: project.description,
    timeline: project.timeline || null,
    skillsNeeded: JSON.stringify(project.skillsNeeded),
  });
  if (error) throw error;
  return data;
}

/** Posting refreshes every project list and the dashboard's active-project count. */
export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
