import { PROJECT_SKILL_FILTERS } from '@campuscollab/shared';
import { Search } from 'lucide-react';
import { Select } from '../../components/ui/select';

const ALL_SKILLS = 'all';
const SKILL_OPTIONS = [
  { value: ALL_SKILLS, label: 'All Skills' },
  ...PROJECT_SKILL_FILTERS.map((skill) => ({ value: skill, label: skill })),
];

/** Search box and skill filter of Explore (docs/product.md §2.9); the scope sits beside them. */
export function ExploreFilters({
  search,
  onSearchChange,
  skill,
  onSkillChange,
}: {
  search: string;
  onSearchChange: (value: string) => void;
  skill: string;
  onSkillChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm md:grid-cols-[1fr_12rem]">
      <div className="relative">
        <label htmlFor="project-search" className="sr-only">
          Search projects
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-500"
        />
        <input
          id="project-search"
          type="search"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          placeholder="Search projects..."
          className="block w-full rounded-lg border border-gray-300 bg-white py-2.5 pr-3 pl-9 text-gray-900 placeholder:text-gray-500"
        />
      </div>
      <Select
        label="Filter by skill"
        hideLabel
        value={skill || ALL_SKILLS}
        onValueChange={(value) => onSkillChange(value === ALL_SKILLS ? '' : value)}
        options={SKILL_OPTIONS}
      />
    </div>
  );
}
