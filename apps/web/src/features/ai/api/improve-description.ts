import { PROJECT_DESCRIPTION_MAX } from '@campuscollab/shared';
import { client } from '../../../lib/client';
import type { ProjectDraft } from './suggest-skills';

const SYSTEM = [
  'You help a student describe their project on CampusCollab, where students find collaborators.',
  'Rewrite the description so it is clearer and easier to read: what the project is, what is',
  'done already and what help is needed. It must stay the same project: do not invent facts,',
  'names, numbers, dates, features or results that the original does not state. Write plain',
  'text (no Markdown, no headings), in the language of the original, well under',
  `${PROJECT_DESCRIPTION_MAX} characters. Answer with the new description only.`,
].join(' ');

/**
 * Streams a clearer description of the same project (`/api/ai/{project}/text`, streamed), handing
 * the text to `onText` as it grows; resolves with the SDK's result, an ABORTED failure when
 * `signal` fires.
 */
export function improveDescription(
  draft: ProjectDraft,
  onText: (piece: string) => void,
  signal: AbortSignal,
) {
  return client.ai.streamText(
    {
      system: SYSTEM,
      prompt: `Title: ${draft.title.trim() || '(none yet)'}\n\nDescription:\n${draft.description.trim()}`,
      temperature: 0.3,
    },
    onText,
    { signal },
  );
}
