import { Badge } from '../../components/ui/badge';
import { formatNumber } from '../../lib/format';

/** Up to `max` skills, then '+N more' for the rest (docs/product.md §9: 3 on Explore). */
export function SkillChips({ skills, max = 3 }: { skills: readonly string[]; max?: number }) {
  if (skills.length === 0) return null;
  const hidden = skills.length - max;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Skills needed">
      {skills.slice(0, max).map((skill) => (
        <li key={skill}>
          <Badge tone="brand">{skill}</Badge>
        </li>
      ))}
      {hidden > 0 && (
        <li>
          <Badge>+{formatNumber(hidden)} more</Badge>
        </li>
      )}
    </ul>
  );
}
