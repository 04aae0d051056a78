import { collaboratorsSearch, exploreFirstPage, exploreSearch } from './read-scenarios';
import { get, REST, toQuery, type Scenario } from './scenario-kit';

type Pairs = [string, string][];
const NEWEST_12: Pairs = [
  ['order', 'created_at.desc'],
  ['limit', '12'],
];
/** SDK `tables.get(id)` and the profile lookup: one row by a key, `limit=1`. */
const oneBy = (column: string, value: string): Pairs => [
  ['select', '*'],
  [column, `eq.${value}`],
  ['limit', '1'],
];
const MATCH = '/api/match/campus';
const TEAMS = '/api/teams/campus';

/**
 * The lists as a student first sees them: every campus ("All", the default since lists span
 * campuses, docs/product.md §2.9 and §2.11), and the pages opened from them.
 */
export const PAGE_SCENARIOS: Scenario[] = [
  exploreFirstPage('all'),
  exploreSearch('all'),
  collaboratorsSearch('all'),
  {
    name: 'project page',
    source: 'pages/project: features/projects/api/get-project.ts, then the poster and the team',
    build: (w) => [
      ...get(`${REST}/projects?${toQuery(oneBy('id', w.project.id))}`, w.student.token),
      ...get(`${REST}/users?${toQuery(oneBy('user_id', w.project.posterId))}`, w.student.token),
      ...get(`${TEAMS}/${w.project.id}`, w.student.token),
    ],
  },
  {
    name: 'profile page',
    source: 'pages/profile: features/profiles/api/get-profile.ts, then list-projects-by.ts',
    build: (w) => {
      const projects: Pairs = [
        ['select', '*'],
        ['posted_by_id', `eq.${w.project.posterId}`],
        ['status', 'eq.Open'],
        ...NEWEST_12,
      ];
      return [
        ...get(`${REST}/users?${toQuery(oneBy('user_id', w.project.posterId))}`, w.student.token),
        ...get(`${REST}/projects?${toQuery(projects)}`, w.student.token),
      ];
    },
  },
  {
    name: 'recommended projects',
    source: 'pages/dashboard/recommended-for-you.tsx (features/campus/api/recommended.ts)',
    build: (w) =>
      get(
        `${MATCH}/projects?${toQuery([
          ['scope', 'all'],
          ['limit', '3'],
          ['offset', '0'],
        ])}`,
        w.student.token,
      ),
  },
  {
    name: 'recommended people',
    source: 'Find Collaborators sorted "Recommended" (features/campus/api/recommended.ts)',
    build: (w) =>
      get(
        `${MATCH}/people?${toQuery([
          ['scope', 'all'],
          ['limit', '12'],
          ['offset', '0'],
        ])}`,
        w.student.token,
      ),
  },
  {
    name: 'team space',
    source: 'pages/team: my teams with unread counts, the team, its chat history (over HTTP)',
    build: ({ team }) => {
      const history = toQuery([
        ['channel', `team:${team.projectId}`],
        ['limit', '100'],
      ]);
      return [
        ...get(TEAMS, team.token),
        ...get(`${TEAMS}/${team.projectId}`, team.token),
        ...get(`/api/realtime/campus/messages?${history}`, team.token),
      ];
    },
  },
];
