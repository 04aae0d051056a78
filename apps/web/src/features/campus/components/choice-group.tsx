import { cn } from '../../../lib/cn';

/**
 * One choice among a few, as segmented buttons: a labelled group whose pressed button is the
 * choice (aria-pressed), reachable and operable by keyboard like any button.
 */
export function ChoiceGroup<Value extends string>({
  label,
  value,
  choices,
  onChange,
  className,
}: {
  label: string;
  value: Value;
  choices: { value: Value; label: string }[];
  onChange: (value: Value) => void;
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn('inline-flex rounded-lg border border-gray-300 bg-white p-0.5', className)}
    >
      {choices.map((choice) => {
        const pressed = choice.value === value;
        return (
          <button
            key={choice.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(choice.value)}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none',
              pressed ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-100',
            )}
          >
            {choice.label}
          </button>
        );
      })}
    </div>
  );
}
