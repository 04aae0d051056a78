import { TagList } from '../../components/ui/tag-list';

/** Up to `max` skills, then '+N more' for the rest (docs/product.md §9: 3 on Explore). */
export function SkillChips({ skills, max = 3 }: { skills: readonly string[]; max?: number }) {
  if (skills.length === 0) return null;
  return (
    <TagList
      tags={skills.slice(0, max)}
      label="Skills needed"
      tone="brand"
      more={skills.length - max}
    />
  );
}
