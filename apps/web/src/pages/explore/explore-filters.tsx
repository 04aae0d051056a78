import { PROJECT_SKILL_FILTERS } from '@campuscollab/shared';
import { SearchBox } from '../../components/ui/search-box';
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
    <div className="grid grid-cols-1 gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm md:grid-cols-[1fr_12rem]">
      <SearchBox
        id="project-search"
        label="Search projects"
        placeholder="Search projects..."
        value={search}
        onChange={onSearchChange}
      />
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
