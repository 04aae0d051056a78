import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, Settings, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '../ui/avatar';

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-gray-900 outline-none data-[highlighted]:bg-brand-50';

/** The avatar dropdown (docs/product.md §2.2): Profile, Settings, Log out. */
export function UserMenu({
  name,
  picture,
  onProfile,
  onSettings,
  onLogOut,
}: {
  name: string;
  picture: string | null;
  onProfile: () => void;
  onSettings: () => void;
  onLogOut: () => void;
}) {
  const item = (icon: ReactNode, label: string, onSelect: () => void) => (
    <DropdownMenu.Item className={ITEM} onSelect={onSelect}>
      {icon}
      {label}
    </DropdownMenu.Item>
  );
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its buttons stay
    // focusable, which screen readers and axe (aria-hidden-focus) trip on. A menu button's menu
    // closes on Escape, Tab or a click outside anyway.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="rounded-full" aria-label={`Account menu for ${name}`}>
        <Avatar name={name} src={picture} size="sm" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-44 rounded-lg border border-gray-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-gray-600">
            {name}
          </DropdownMenu.Label>
          {item(<User aria-hidden="true" className="h-4 w-4" />, 'Profile', onProfile)}
          {item(<Settings aria-hidden="true" className="h-4 w-4" />, 'Settings', onSettings)}
          <DropdownMenu.Separator className="my-1 h-px bg-gray-200" />
          {item(<LogOut aria-hidden="true" className="h-4 w-4" />, 'Log out', onLogOut)}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
