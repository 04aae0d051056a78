import { Search } from 'lucide-react';
import { Select } from '../../components/ui/select';
import { ALL_ROLES } from '../../features/collaborators/api/list-collaborators';

// docs/product.md §3.10 lists these filter roles (not quite the sign-up roles: 'Business' is here).
const ROLE_OPTIONS = [
  { value: ALL_ROLES, label: 'All Roles' },
  ...['Student', 'Developer', 'Designer', 'Marketer', 'Writer', 'Business', 'Other'].map(
    (role) => ({ value: role, label: role }),
  ),
];

export function CollaboratorFilters({
  search,
  onSearchChange,
  role,
  onRoleChange,
}: {
  search: string;
  onSearchChange: (value: string) => void;
  role: string;
  onRoleChange: (value: string) => void;
}) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <div className="flex flex-col gap-3 md:flex-row md:items-end">
        <div className="relative flex-1">
          <label htmlFor="collaborator-search" className="sr-only">
            Search by name, skills or bio
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 h-5 w-5 -translate-y-1/2 text-gray-500"
          />
          <input
            id="collaborator-search"
            type="search"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            placeholder="Search by name, skills, or bio..."
            className="block w-full rounded-lg border border-gray-300 py-2.5 pr-3 pl-10 text-gray-900 placeholder:text-gray-500"
          />
        </div>
        <Select
          label="Role"
          hideLabel
          value={role}
          onValueChange={onRoleChange}
          options={ROLE_OPTIONS}
          className="md:w-48"
        />
      </div>
    </div>
  );
}
