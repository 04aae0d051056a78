import type { ExtractFromUrlOutput } from '@campuscollab/sdk';
import {
  PROJECT_DESCRIPTION_MAX,
  PROJECT_TIMELINE_MAX,
  PROJECT_TITLE_MAX,
  REQUIRED_FIELDS_MESSAGE,
  SUGGESTED_PROJECT_SKILLS,
  SUGGESTED_SKILLS_SHOWN,
} from '@campuscollab/shared';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/field';
import { TagEditor } from '../../components/ui/tag-editor';
import { useAiAvailable } from '../../features/ai/api/get-ai-status';
import { formatNumber } from '../../lib/format';
import type { NewProject } from '../../features/projects/types';
import { ImportLinkPanel } from './import-link-panel';
import { ImproveDescriptionControls } from './improve-description-controls';
import { SkillSuggestions } from './skill-suggestions';
import { useImproveDescription } from './use-improve-description';

// docs/product.md §2.10 shows 8 of the 15 suggestions; a fixed pick keeps the screen the same.
const SUGGESTIONS = SUGGESTED_PROJECT_SKILLS.slice(0, SUGGESTED_SKILLS_SHOWN);

export const IMPORT_SHORTENED_NOTE = `The imported text was shortened to ${PROJECT_DESCRIPTION_MAX} characters.`;

/**
 * The Post a Project form (docs/product.md §2.10, §5.6): title and description are required after
 * trimming, every value is trimmed, and submit stays disabled while a required field is empty.
 * "Import from a link" always helps fill the description; "Improve description" and "Suggest
 * skills" appear only when the server says AI is configured.
 */
export function PostProjectForm({
  busy,
  onSubmit,
  onCancel,
  initial,
  submitLabels = { idle: 'Post Project', busy: 'Posting...' },
}: {
  busy: boolean;
  onSubmit: (project: NewProject) => void;
  onCancel: () => void;
  /** The project being edited ("Edit project" prefills the same form). */
  initial?: NewProject;
  submitLabels?: { idle: string; busy: string };
}) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [timeline, setTimeline] = useState(initial?.timeline ?? '');
  const [skills, setSkills] = useState<string[]>(initial?.skillsNeeded ?? []);
  const [error, setError] = useState<string | null>(null);
  const [importNote, setImportNote] = useState<string | null>(null);
  const aiAvailable = useAiAvailable();
  const improve = useImproveDescription(setDescription);
  const improving = improve.state.phase === 'improving';
  const hasDescription = description.trim().length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (improving) return;
    const project = {
      title: title.trim(),
      description: description.trim(),
      timeline: timeline.trim(),
      skillsNeeded: skills,
    };
    if (!project.title || !project.description) {
      setError(REQUIRED_FIELDS_MESSAGE);
      return;
    }
    setError(null);
    onSubmit(project);
  };

  const fillFromPage = (page: ExtractFromUrlOutput) => {
    const text = page.text.trim();
    setDescription(text.slice(0, PROJECT_DESCRIPTION_MAX));
    setImportNote(text.length > PROJECT_DESCRIPTION_MAX ? IMPORT_SHORTENED_NOTE : null);
    if (!title.trim() && page.title.trim()) setTitle(page.title.trim().slice(0, PROJECT_TITLE_MAX));
    setError(null);
    improve.dismiss();
  };

  const toggleSkill = (skill: string) =>
    setSkills((current) =>
      current.includes(skill) ? current.filter((item) => item !== skill) : [...current, skill],
    );

  return (
    <form onSubmit={submit} className="space-y-6" noValidate>
      {error && <Alert tone="error">{error}</Alert>}
      <TextField
        label="Project Title*"
        value={title}
        onChange={(event) => {
          setTitle(event.target.value);
          setError(null);
        }}
        placeholder="e.g., Campus sustainability app"
        maxLength={PROJECT_TITLE_MAX}
        required
      />
      <div className="space-y-3">
        <TextAreaField
          label="Project Description*"
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            setError(null);
            setImportNote(null);
            improve.dismiss();
          }}
          placeholder="What are you building, and who would you like to team up with?"
          rows={6}
          maxLength={PROJECT_DESCRIPTION_MAX}
          required
          readOnly={improving}
          aria-busy={improving}
          // The limit in view, as the message field does (docs/product.md §2.12); the import note
          // takes its place while it applies.
          hint={
            importNote ??
            `${formatNumber(description.length)}/${formatNumber(PROJECT_DESCRIPTION_MAX)}`
          }
          className={improving ? '[&_textarea]:bg-gray-50' : undefined}
        />
        <div className="flex flex-wrap items-center gap-2">
          <ImportLinkPanel disabled={improving} onImported={fillFromPage} />
          {aiAvailable && (
            <ImproveDescriptionControls
              state={improve.state}
              disabled={!hasDescription}
              onStart={() => void improve.start({ title, description })}
              onCancel={improve.cancel}
              onUndo={improve.undo}
            />
          )}
        </div>
      </div>
      <TextField
        label="Timeline"
        value={timeline}
        onChange={(event) => setTimeline(event.target.value)}
        placeholder="e.g., 2 weeks, 1 month, ongoing"
        maxLength={PROJECT_TIMELINE_MAX}
      />
      <TagEditor
        label="Skills Needed"
        tags={skills}
        onChange={setSkills}
        suggestions={SUGGESTIONS}
        suggestionsLabel="Suggested skills"
        placeholder="Add a skill and press Enter"
      />
      {aiAvailable && (
        <SkillSuggestions
          draft={{ title, description }}
          disabled={!hasDescription || improving}
          skills={skills}
          onToggle={toggleSkill}
        />
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || improving || !title || !description}>
          {busy ? submitLabels.busy : submitLabels.idle}
        </Button>
      </div>
    </form>
  );
}
