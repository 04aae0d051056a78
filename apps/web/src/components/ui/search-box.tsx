import { Search } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * A search field with its magnifier: the label is read by screen readers only, since the
 * placeholder and the icon say what it is to everyone else. The caller debounces.
 */
export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-gray-500"
      />
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className="block w-full rounded-lg border border-gray-300 bg-white py-2.5 pr-3 pl-9 text-gray-900 placeholder:text-gray-500"
      />
    </div>
  );
}
