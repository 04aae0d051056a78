import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { ToggleChip } from '../../components/ui/toggle-chip';
import { useSuggestSkills, type ProjectDraft } from '../../features/ai/api/suggest-skills';
import { describeAiError } from '../../features/ai/describe-ai-error';
import { formatNumber } from '../../lib/format';

export const NO_SKILLS_SUGGESTED = 'No skills to suggest for this description yet.';

/**
 * "Suggest skills": asks the AI for the skills the draft needs and shows them as chips that add
 * to (or remove from) Skills Needed, like the fixed suggestions.
 */
export function SkillSuggestions({
  draft,
  disabled,
  skills,
  onToggle,
}: {
  draft: ProjectDraft;
  disabled: boolean;
  skills: string[];
  onToggle: (skill: string) => void;
}) {
  const hintId = useId();
  const suggest = useSuggestSkills();
  const suggested = suggest.data ?? [];
  const busy = suggest.isPending;
  // Disabled while the description streams in, too, but the hint is only for an empty one.
  const needsDescription = !draft.description.trim();

  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => suggest.mutate(draft)}
        disabled={disabled || busy}
        aria-describedby={needsDescription ? hintId : undefined}
      >
        <Sparkles aria-hidden="true" className="h-4 w-4" />
        {busy ? 'Suggesting...' : 'Suggest skills'}
      </Button>
      {needsDescription && (
        <p id={hintId} className="text-xs text-gray-600">
          Write a description first.
        </p>
      )}
      <p role="status" aria-live="polite" className="text-sm text-gray-700">
        {suggest.isSuccess &&
          (suggested.length === 0 ? (
            NO_SKILLS_SUGGESTED
          ) : (
            <span className="sr-only">{`${formatNumber(suggested.length)} skills suggested.`}</span>
          ))}
      </p>
      {suggested.length > 0 && (
        <div>
          <p className="mb-2 text-xs font-medium tracking-wide text-gray-600 uppercase">
            Suggested for this project
          </p>
          <div className="flex flex-wrap gap-2">
            {suggested.map((skill) => (
              <ToggleChip
                key={skill}
                tag={skill}
                chosen={skills.includes(skill)}
                onToggle={onToggle}
              />
            ))}
          </div>
        </div>
      )}
      {suggest.isError && (
        <p role="alert" className="text-sm text-red-700">
          {describeAiError(suggest.error)}
        </p>
      )}
    </div>
  );
}
