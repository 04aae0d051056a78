import {
  ALPHA,
  BETA,
  DELTA,
  EPSILON,
  GAMMA,
  titles,
  ZETA,
  type Client,
  type Scenario,
} from './scenario-world';

/** Every filter operator through postgrest-js, as ada, on the projects she can see. */

const projectTitles = (db: Client) => db.from('projects').select('title');

export const FILTER_SCENARIOS: Scenario[] = [
  {
    name: 'eq',
    build: (db) => projectTitles(db).eq('title', ALPHA),
    status: 200,
    data: titles(ALPHA),
  },
  {
    name: 'neq',
    build: (db) => projectTitles(db).neq('title', ALPHA).order('title'),
    status: 200,
    data: titles(BETA, DELTA, EPSILON, GAMMA, ZETA),
  },
  {
    name: 'gt on text',
    build: (db) => projectTitles(db).gt('title', EPSILON).order('title'),
    status: 200,
    data: titles(GAMMA, ZETA),
  },
  {
    name: 'gte on text',
    build: (db) => projectTitles(db).gte('title', EPSILON).order('title'),
    status: 200,
    data: titles(EPSILON, GAMMA, ZETA),
  },
  {
    name: 'lt on text',
    build: (db) => projectTitles(db).lt('title', BETA),
    status: 200,
    data: titles(ALPHA),
  },
  {
    name: 'lte on text',
    build: (db) => projectTitles(db).lte('title', BETA).order('title'),
    status: 200,
    data: titles(ALPHA, BETA),
  },
  {
    name: 'gt on an integer column',
    build: (db) => db.from('users').select('name').gt('referral_count', 0),
    status: 200,
    data: [{ name: 'Ada Lovelace' }],
  },
  {
    name: 'lte on an integer column',
    build: (db) => db.from('users').select('name').lte('referral_count', 0).order('name'),
    status: 200,
    data: [{ name: 'Ben Bitdiddle' }, { name: 'Cy Clark' }, { name: 'Dee Dee' }],
  },
  {
    name: 'an integer value on a text column is just text',
    build: (db) => projectTitles(db).eq('title', 42),
    status: 200,
    data: [],
  },
  {
    name: 'like with *',
    build: (db) => projectTitles(db).like('title', '*Music*'),
    status: 200,
    data: titles(GAMMA),
  },
  {
    name: 'like with %',
    build: (db) => projectTitles(db).like('title', '%Data%'),
    status: 200,
    data: titles(DELTA),
  },
  {
    name: 'like with _',
    build: (db) => projectTitles(db).like('title', 'Beta_Campus_App'),
    status: 200,
    data: titles(BETA),
  },
  {
    name: 'like is case-sensitive',
    build: (db) => projectTitles(db).like('title', '%data%'),
    status: 200,
    data: [],
  },
  {
    name: 'ilike with %',
    build: (db) => projectTitles(db).ilike('title', '%DATA%'),
    status: 200,
    data: titles(DELTA),
  },
  {
    name: 'ilike with *',
    build: (db) => projectTitles(db).ilike('title', '*robot*'),
    status: 200,
    data: titles(ALPHA),
  },
  {
    name: 'is null',
    build: (db) => projectTitles(db).is('timeline', null).order('title'),
    status: 200,
    data: titles(BETA, EPSILON),
  },
  {
    name: 'not is null',
    build: (db) => projectTitles(db).not('timeline', 'is', null).order('title'),
    status: 200,
    data: titles(ALPHA, DELTA, GAMMA, ZETA),
  },
  {
    name: 'in, with a value holding a comma and parentheses',
    build: (db) => projectTitles(db).in('title', [ALPHA, ZETA]).order('title'),
    status: 200,
    data: titles(ALPHA, ZETA),
  },
  {
    name: 'in through filter(), values double-quoted',
    build: (db) => projectTitles(db).filter('title', 'in', `("${ZETA}","${GAMMA}")`).order('title'),
    status: 200,
    data: titles(GAMMA, ZETA),
  },
  {
    name: 'not eq',
    build: (db) => projectTitles(db).not('title', 'eq', ALPHA).order('title'),
    status: 200,
    data: titles(BETA, DELTA, EPSILON, GAMMA, ZETA),
  },
  {
    name: 'not in (not_in)',
    build: (db) => projectTitles(db).not('title', 'in', `(${ALPHA},${BETA})`).order('title'),
    status: 200,
    data: titles(DELTA, EPSILON, GAMMA, ZETA),
  },
  {
    name: 'notIn() with a quoted value',
    build: (db) => projectTitles(db).notIn('title', [ZETA, ALPHA]).order('title'),
    status: 200,
    data: titles(BETA, DELTA, EPSILON, GAMMA),
  },
  {
    name: 'not ilike through filter()',
    build: (db) => projectTitles(db).filter('title', 'not.ilike', '*a*'),
    status: 200,
    data: titles(EPSILON),
  },
  {
    name: 'or group',
    build: (db) => projectTitles(db).or(`title.eq.${ALPHA},timeline.eq.1 month`).order('title'),
    status: 200,
    data: titles(ALPHA, GAMMA),
  },
  {
    name: 'or group with a quoted value',
    build: (db) => projectTitles(db).or(`title.eq."${ZETA}",title.like.Eps*`).order('title'),
    status: 200,
    data: titles(EPSILON, ZETA),
  },
  {
    name: 'and nested inside or',
    build: (db) =>
      projectTitles(db)
        .or(`and(timeline.is.null,title.ilike.*film*),title.eq.${ALPHA}`)
        .order('title'),
    status: 200,
    data: titles(ALPHA, EPSILON),
  },
  {
    name: 'or ANDed with another filter',
    build: (db) =>
      projectTitles(db)
        .or('timeline.is.null,timeline.eq.3 months')
        .neq('title', BETA)
        .order('title'),
    status: 200,
    data: titles(ALPHA, EPSILON),
  },
  {
    name: 'filter() with eq',
    build: (db) => projectTitles(db).filter('timeline', 'eq', '6 months'),
    status: 200,
    data: titles(DELTA),
  },
  {
    name: 'match() on two columns',
    build: (db) => projectTitles(db).match({ timeline: '3 months', title: ALPHA }),
    status: 200,
    data: titles(ALPHA),
  },
  {
    name: 'match() where one column disagrees',
    build: (db) => projectTitles(db).match({ timeline: '1 month', title: ALPHA }),
    status: 200,
    data: [],
  },
];
