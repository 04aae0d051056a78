import { formatNumber } from '../../lib/format';
import { cn } from '../../lib/cn';
import { Badge, type BadgeTone } from './badge';

/**
 * Tags (skills, interests) as a wrapping row of pills, a named list to a screen reader. Each item
 * is at most the row's width, so a tag longer than the row breaks inside its pill instead of
 * pushing the page wider than a phone (docs/product.md §2.18). `more` adds a "+N more" pill for
 * tags not shown.
 */
export function TagList({
  tags,
  label,
  tone = 'neutral',
  more = 0,
  className,
}: {
  tags: readonly string[];
  label: string;
  tone?: BadgeTone;
  more?: number;
  className?: string;
}) {
  return (
    <ul className={cn('flex flex-wrap gap-2', className)} aria-label={label}>
      {tags.map((tag) => (
        <li key={tag} className="max-w-full">
          <Badge tone={tone}>{tag}</Badge>
        </li>
      ))}
      {more > 0 && (
        <li>
          <Badge>+{formatNumber(more)} more</Badge>
        </li>
      )}
    </ul>
  );
}
