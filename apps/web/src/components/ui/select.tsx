import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import { useId } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A labelled single choice; the popup has Radix's keyboard support and type-ahead. With no
 * value it shows `placeholder`; an error is shown under it and read out with it, as a text
 * field's is.
 */
export function Select({
  label,
  value,
  onValueChange,
  options,
  hideLabel = false,
  placeholder,
  error,
  className,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  hideLabel?: boolean;
  placeholder?: string;
  error?: string | null;
  className?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label
        id={id}
        className={hideLabel ? 'sr-only' : 'mb-1.5 block text-sm font-medium text-gray-800'}
      >
        {label}
      </label>
      <SelectPrimitive.Root value={value} onValueChange={onValueChange}>
        <SelectPrimitive.Trigger
          aria-labelledby={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="flex w-full items-center justify-between gap-2 rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-left text-gray-900 aria-[invalid=true]:border-red-500 data-[placeholder]:text-gray-500"
        >
          <SelectPrimitive.Value placeholder={placeholder} />
          <SelectPrimitive.Icon>
            <ChevronDown aria-hidden="true" className="h-4 w-4 text-gray-600" />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content
            position="popper"
            sideOffset={4}
            className="z-50 max-h-72 min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-gray-200 bg-white shadow-lg"
          >
            <SelectPrimitive.Viewport className="p-1">
              {options.map((option) => (
                <SelectPrimitive.Item
                  key={option.value}
                  value={option.value}
                  className="relative flex cursor-pointer items-center rounded-md py-2 pr-3 pl-8 text-sm text-gray-900 outline-none data-[highlighted]:bg-brand-50"
                >
                  <SelectPrimitive.ItemIndicator className="absolute left-2">
                    <Check aria-hidden="true" className="h-4 w-4" />
                  </SelectPrimitive.ItemIndicator>
                  <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                </SelectPrimitive.Item>
              ))}
            </SelectPrimitive.Viewport>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      </SelectPrimitive.Root>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
