import { PROJECT_COLUMNS, USER_COLUMNS } from './read-scenarios';
import { get, quote, REST, toQuery, type Scenario } from './scenario-kit';
import type { BenchWorld } from './world';

/**
 * The best plain SQL for "my campus or my city": the first page of each side by its own index,
 * then the page of their union (what the app's table API does for such an `or`). `where` holds
 * the list's own filters, with `?` for the scenario's first parameters.
 */
function nearbySql(table: string, columns: string, where: string): string {
  const side = (column: string) =>
    `select id as candidate from (select id from ${table} where ${where} and ${column} = ?
     order by created_at desc, id desc limit 12) as ${column}_side`;
  return `select ${columns} from (${side('university')} union ${side('city')}) as candidates
          cross join ${table} where ${table}.id = candidates.candidate and ${where}
          and (university = ? or city = ?) order by created_at desc, id desc limit 12`;
}

const nearbyFilter = ({ smallCampus }: BenchWorld) =>
  `(university.eq.${quote(smallCampus.university)},city.eq.${quote(smallCampus.city)})`;

/**
 * The "nearby" lists, as a student of the smallest campus: the `or` the app reads as a union
 * of indexed pages. On the biggest campus the matches come first in any order, so it would
 * not show.
 */
export const NEARBY_SCENARIOS: Scenario[] = [
  {
    name: 'explore nearby, smallest campus',
    source: 'features/projects/api/list-open-projects.ts (scope "nearby")',
    build: (w) => {
      const filters: [string, string][] = [
        ['select', '*'],
        ['status', 'eq.Open'],
        ['or', nearbyFilter(w)],
        ['order', 'created_at.desc'],
        ['limit', '12'],
      ];
      return get(`${REST}/projects?${toQuery(filters)}`, w.smallCampus.token);
    },
    baseline: {
      sql: nearbySql('projects', PROJECT_COLUMNS, `status = 'Open'`),
      params: ({ smallCampus: { university, city } }) => [university, city, university, city],
    },
  },
  {
    name: 'collaborators nearby, smallest campus',
    source: 'features/collaborators/api/list-collaborators.ts (include nearby universities)',
    build: (w) => {
      const filters: [string, string][] = [
        ['select', '*'],
        ['user_id', `neq.${w.smallCampus.accountId}`],
        ['or', nearbyFilter(w)],
        ['order', 'created_at.desc'],
        ['limit', '12'],
      ];
      return get(`${REST}/users?${toQuery(filters)}`, w.smallCampus.token);
    },
    baseline: {
      sql: nearbySql('users', USER_COLUMNS, 'user_id <> ?'),
      params: ({ smallCampus: { accountId, university, city } }) => [
        accountId,
        university,
        accountId,
        city,
        accountId,
        university,
        city,
      ],
    },
  },
];
