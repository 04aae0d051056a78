import { twMerge, type ClassNameValue } from 'tailwind-merge';

/**
 * Joins class names, skipping the falsy ones; of two Tailwind classes that set the same thing,
 * the later one stays. A component lists its defaults first and its caller's `className` last,
 * so `<Card className="p-5">` gets p-5 instead of both paddings, where whichever Tailwind happens
 * to emit later in the stylesheet would win.
 */
export function cn(...classes: ClassNameValue[]): string {
  return twMerge(...classes);
}
