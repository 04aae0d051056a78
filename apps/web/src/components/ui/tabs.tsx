import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';

export const Tabs = TabsPrimitive.Root;
export const TabsContent = TabsPrimitive.Content;

export function TabsList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TabsPrimitive.List aria-label={label} className="grid grid-cols-2 rounded-lg bg-gray-100 p-1">
      {children}
    </TabsPrimitive.List>
  );
}

export function TabsTrigger({ value, children }: { value: string; children: ReactNode }) {
  return (
    <TabsPrimitive.Trigger
      value={value}
      className="rounded-md px-3 py-2 text-sm font-semibold text-gray-700 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow-sm"
    >
      {children}
    </TabsPrimitive.Trigger>
  );
}
