import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { ToggleChip } from './toggle-chip';

/**
 * Skills or interests as chips (docs/product.md §5.5): a custom entry is trimmed, non-empty
 * and not already listed, or the add button stays disabled; Enter adds too. Suggestions toggle.
 */
export function TagEditor({
  label,
  tags,
  onChange,
  suggestions = [],
  suggestionsLabel = 'Suggestions',
  placeholder,
}: {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  suggestions?: readonly string[];
  suggestionsLabel?: string;
  placeholder?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const candidate = draft.trim();
  const canAdd = candidate.length > 0 && !tags.includes(candidate);

  const add = () => {
    if (!canAdd) return;
    onChange([...tags, candidate]);
    setDraft('');
  };
  const toggle = (tag: string) =>
    onChange(tags.includes(tag) ? tags.filter((item) => item !== tag) : [...tags, tag]);

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-gray-800">{label}</legend>
      {tags.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`Selected ${label.toLowerCase()}`}>
          {tags.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full bg-brand-100 py-1 pr-1 pl-3 text-sm text-brand-800"
            >
              {tag}
              <button
                type="button"
                onClick={() => toggle(tag)}
                aria-label={`Remove ${tag}`}
                className="rounded-full p-0.5 hover:bg-brand-600/20"
              >
                <X aria-hidden="true" className="h-3.5 w-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          Add to {label.toLowerCase()}
        </label>
        <input
          id={id}
          value={draft}
          placeholder={placeholder}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            add();
          }}
          className="block w-full rounded-lg border border-gray-300 px-3 py-2 text-gray-900 placeholder:text-gray-500"
        />
        <button
          type="button"
          onClick={add}
          disabled={!canAdd}
          aria-label={`Add ${candidate || 'entry'} to ${label.toLowerCase()}`}
          className="rounded-lg bg-brand-600 px-3 text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:bg-brand-600/40"
        >
          <Plus aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      {suggestions.length > 0 && (
        <div>
          <p className="mb-2 text-xs font-medium tracking-wide text-gray-600 uppercase">
            {suggestionsLabel}
          </p>
          <div className="flex flex-wrap gap-2">
            {suggestions.map((tag) => (
              <ToggleChip key={tag} tag={tag} chosen={tags.includes(tag)} onToggle={toggle} />
            ))}
          </div>
        </div>
      )}
    </fieldset>
  );
}
