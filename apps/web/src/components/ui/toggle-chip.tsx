import { cn } from '../../lib/cn';

/** A suggestion chip that adds or removes its tag (docs/product.md §5.5); pressed when chosen. */
export function ToggleChip({
  tag,
  chosen,
  onToggle,
}: {
  tag: string;
  chosen: boolean;
  onToggle: (tag: string) => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={chosen}
      onClick={() => onToggle(tag)}
      className={cn(
        'rounded-full border px-3 py-1 text-sm',
        chosen
          ? 'border-brand-600 bg-brand-600 text-white'
          : 'border-gray-300 text-gray-800 hover:bg-gray-50',
      )}
    >
      {tag}
    </button>
  );
}
