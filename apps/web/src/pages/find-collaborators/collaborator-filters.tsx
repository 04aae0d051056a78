import { SearchBox } from '../../components/ui/search-box';
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
        <SearchBox
          id="collaborator-search"
          label="Search by name, skills or bio"
          placeholder="Search by name, skills, or bio..."
          value={search}
          onChange={onSearchChange}
          className="flex-1"
        />
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
