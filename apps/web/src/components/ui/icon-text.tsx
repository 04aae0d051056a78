import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A small icon before a text a student wrote (a campus, a city, a timeline) or a date. The text
 * wraps, a word longer than its line breaks, and the icon keeps its size: in a row of these, a
 * long one takes a line of its own instead of pushing the page wider than a phone
 * (docs/product.md §2.18).
 */
export function IconText({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <span className="flex min-w-0 items-center gap-1">
      <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span className="min-w-0">{children}</span>
    </span>
  );
}
