import { useMutation } from '@tanstack/react-query';
import { client } from '../../../lib/client';

/** How many skills to ask for: as many as the suggestions Post a Project already shows. */
export const SUGGESTED_SKILLS_MAX = 8;
// The longest skill a project may list (docs/product.md §5.5).
const SKILL_MAX_LENGTH = 50;

const SKILLS_SCHEMA = {
  type: 'object',
  properties: {
    skills: {
      type: 'array',
      items: { type: 'string', minLength: 1, maxLength: SKILL_MAX_LENGTH },
      maxItems: SUGGESTED_SKILLS_MAX,
    },
  },
  required: ['skills'],
  additionalProperties: false,
};

const SYSTEM = [
  'You suggest the skills a student project on CampusCollab needs, so the right collaborators',
  'find it. Name each skill in one to three words, like "Web Development", "UI/UX Design" or',
  `"Video Editing", at most ${SUGGESTED_SKILLS_MAX}, the most important first. Suggest only`,
  'skills the title and description support.',
].join(' ');

/**
 * The model's list as chips can use: strings only, trimmed, not blank, within the 50-character
 * limit of a skill, without repeats (whatever the case), at most eight.
 */
export function cleanSkills(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const skills: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const skill = item.trim();
    const key = skill.toLowerCase();
    if (!skill || skill.length > SKILL_MAX_LENGTH || seen.has(key)) continue;
    seen.add(key);
    skills.push(skill);
  }
  return skills.slice(0, SUGGESTED_SKILLS_MAX);
}

export interface ProjectDraft {
  title: string;
  description: string;
}

/** Asks the AI for the skills a project draft needs (`/api/ai/{project}/object`). */
export async function suggestSkills(draft: ProjectDraft): Promise<string[]> {
  const { data, error } = await client.ai.generateObject<{ skills?: unknown }>({
    system: SYSTEM,
    prompt: `Title: ${draft.title.trim() || '(none yet)'}\n\nDescription:\n${draft.description.trim()}`,
    schema: SKILLS_SCHEMA,
    temperature: 0.2,
  });
  if (error) throw error;
  return cleanSkills(data.object?.skills);
}

export function useSuggestSkills() {
  return useMutation({ mutationKey: ['ai', 'suggest-skills'] as const, mutationFn: suggestSkills });
}
