import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import { teamKeys } from '../../teams/api/team-keys';
import type { NewProject } from '../types';
import { projectKeys } from './project-keys';

/** The owner's project as the edit form starts from it. */
export async function getProjectForEdit(projectId: string): Promise<NewProject | null> {
  const { data, error } = await client.tables.from('projects').get(projectId);
  if (error) throw error;
  if (!data) return null;
  const skills: unknown =
    typeof data.skillsNeeded === 'string' ? JSON.parse(data.skillsNeeded) : data.skillsNeeded;
  return {
    title: data.title,
    description: data.description,
    timeline: data.timeline ?? '',
    skillsNeeded: Array.isArray(skills) ? skills.map(String) : [],
  };
}

/**
 * The owner edits (the limits of Post a Project, checked again by the server), closes or reopens
 * their project (docs/product.md §4.9: a Closed project takes no applications).
 */
export async function updateProject(input: {
  projectId: string;
  patch: Partial<NewProject> & { status?: 'Open' | 'Closed' };
}) {
  const { skillsNeeded, timeline, ...rest } = input.patch;
  const { error } = await client.tables.from('projects').update(input.projectId, {
    ...rest,
    ...(timeline !== undefined ? { timeline: timeline || null } : {}),
    ...(skillsNeeded ? { skillsNeeded: JSON.stringify(skillsNeeded) } : {}),
  });
  if (error) throw error;
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}
