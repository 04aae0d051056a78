import {
  REQUIRED_FIELDS_MESSAGE,
  SUGGESTED_PROJECT_SKILLS,
  SUGGESTED_SKILLS_SHOWN,
} from '@campuscollab/shared';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextAreaField, TextField } from '../../components/ui/field';
import { TagEditor } from '../../components/ui/tag-editor';
import type { NewProject } from '../../features/projects/types';

// docs/product.md §2.10 shows 8 of the 15 suggestions; a fixed pick keeps the screen the same.
const SUGGESTIONS = SUGGESTED_PROJECT_SKILLS.slice(0, SUGGESTED_SKILLS_SHOWN);

/**
 * The Post a Project form (docs/product.md §2.10, §5.6): title and description are required after
 * trimming, every value is trimmed, and submit stays disabled while a required field is empty.
 */
export function PostProjectForm({
  busy,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  onSubmit: (project: NewProject) => void;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [timeline, setTimeline] = useState('');
  const [skills, setSkills] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
        maxLength={120}
        required
      />
      <TextAreaField
        label="Project Description*"
        value={description}
        onChange={(event) => {
          setDescription(event.target.value);
          setError(null);
        }}
        placeholder="What are you building, and who would you like to team up with?"
        rows={6}
        maxLength={5000}
        required
      />
      <TextField
        label="Timeline"
        value={timeline}
        onChange={(event) => setTimeline(event.target.value)}
        placeholder="e.g., 2 weeks, 1 month, ongoing"
        maxLength={100}
      />
      <TagEditor
        label="Skills Needed"
        tags={skills}
        onChange={setSkills}
        suggestions={SUGGESTIONS}
        suggestionsLabel="Suggested skills"
        placeholder="Add a skill and press Enter"
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || !title || !description}>
          {busy ? 'Posting...' : 'Post Project'}
        </Button>
      </div>
    </form>
  );
}
