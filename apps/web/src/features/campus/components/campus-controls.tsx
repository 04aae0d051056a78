import { SCOPE_CHOICES, SORT_CHOICES, type CampusScope, type ListSort } from '../scope';
import { ChoiceGroup } from './choice-group';

/** The scope and sort of Explore and Find Collaborators, side by side. */
export function CampusControls({
  scope,
  onScopeChange,
  sort,
  onSortChange,
}: {
  scope: CampusScope;
  onScopeChange: (scope: CampusScope) => void;
  sort: ListSort;
  onSortChange: (sort: ListSort) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <ChoiceGroup
        label="Universities"
        value={scope}
        choices={SCOPE_CHOICES}
        onChange={onScopeChange}
      />
      <ChoiceGroup label="Sort" value={sort} choices={SORT_CHOICES} onChange={onSortChange} />
    </div>
  );
}
