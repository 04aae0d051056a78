import fc from 'fast-check';
import { encodeCursor, withKeyColumn, type OrderTerm } from '../../src/lib/postgrest';
import { TABLE_POLICIES } from '../../src/modules/table-api/tables';

/**
 * Random table reads for property tests: a template fixes a request's shape, and seeds give it
 * values, so two seeds make two requests of one shape.
 */

export const CURSOR_SECRET = Buffer.from('read-request-templates');
const POLICIES = [...TABLE_POLICIES.values()];

/** Values of the kinds a read meets, and patterns of each form SQLite tells apart. */
const INTEGERS = ['1', '42', '-7', '0'];
const TEXTS = ['ada', 'ADA', 'é', 'x y', '', '42'];
const PATTERNS = ['ada', '*ada*', 'ADA*', '*é*', 'a_b', '%a', '*'];

const filterTemplate = fc.record({
  kind: fc.constant('filter' as const),
  column: fc.nat(),
  // Equalities often, so `or` groups of them (read as unions, query/candidates.ts) come up.
  operator: fc.oneof(
    { arbitrary: fc.constant('eq'), weight: 4 },
    fc.constantFrom('neq', 'gt', 'lte', 'like', 'ilike', 'in', 'is'),
  ),
  negated: fc.boolean(),
  items: fc.nat({ max: 3 }),
});
type FilterTemplate = typeof filterTemplate extends fc.Arbitrary<infer T> ? T : never;
type GroupTemplate = {
  kind: 'group';
  operator: 'and' | 'or';
  negated: boolean;
  conditions: ConditionTemplate[];
};
type ConditionTemplate = FilterTemplate | GroupTemplate;

const groupOf = (conditions: fc.Arbitrary<ConditionTemplate>): fc.Arbitrary<GroupTemplate> =>
  fc.record({
    kind: fc.constant('group' as const),
    operator: fc.constantFrom('and' as const, 'or' as const),
    negated: fc.boolean(),
    conditions: fc.array(conditions, { minLength: 1, maxLength: 3 }),
  });
/** A filter, or a group of them two levels deep at most. */
const conditionTemplate = fc.oneof(
  { arbitrary: filterTemplate, weight: 2 },
  groupOf(fc.oneof({ arbitrary: filterTemplate, weight: 3 }, groupOf(filterTemplate))),
);

export const requestTemplate = fc.record({
  table: fc.nat({ max: POLICIES.length - 1 }),
  select: fc.option(
    fc.array(fc.record({ column: fc.nat(), aliased: fc.boolean() }), {
      minLength: 1,
      maxLength: 3,
    }),
  ),
  filters: fc.array(conditionTemplate, { maxLength: 3 }),
  order: fc.array(
    fc.record({
      column: fc.nat(),
      direction: fc.constantFrom('asc' as const, 'desc' as const),
      nullsFirst: fc.boolean(),
    }),
    { maxLength: 2 },
  ),
  limit: fc.option(fc.constantFrom(0, 1, 20)),
  offset: fc.boolean(),
  cursor: fc.boolean(),
  count: fc.boolean(),
  singular: fc.boolean(),
});
export type RequestTemplate = typeof requestTemplate extends fc.Arbitrary<infer T> ? T : never;

/**
 * A template and its neighbour: the same but for one part drawn again, which may or may not
 * change the request's shape.
 */
export const neighbourTemplates = fc
  .tuple(requestTemplate, requestTemplate, fc.nat())
  .map(([template, other, index]): [RequestTemplate, RequestTemplate] => {
    const parts = Object.keys(template) as (keyof RequestTemplate)[];
    const part = parts[index % parts.length]!;
    return [template, { ...template, [part]: other[part] }];
  });

export const valueSeeds = fc.array(fc.nat(), { minLength: 1, maxLength: 8 });

/**
 * Values taken in turn from seeds. Those whose form a compiled read's key keeps (a pattern's
 * form, whether an offset is zero) come from `formSeeds`, so a request can keep their forms
 * and change every other value.
 */
function valueSource(seeds: number[], formSeeds: number[]) {
  let next = 0;
  let nextForm = 0;
  const pick = (pool: string[], from: number[], index: number) =>
    pool[from[index % from.length]! % pool.length]!;
  return {
    value: (type: 'text' | 'integer') => pick(type === 'text' ? TEXTS : INTEGERS, seeds, next++),
    pattern: () => pick(PATTERNS, formSeeds, nextForm++),
    offset: () => {
      const offset = pick(['0', '1', '30'], formSeeds, nextForm++);
      // Another value of the same form: zero stays zero, any other stays other.
      return offset === '0' ? offset : pick(['1', '2', '30'], seeds, next++);
    },
  };
}

/** A template's request: its table, query string and headers, with values from the seeds. */
export function renderRequest(
  template: RequestTemplate,
  seeds: { values: number[]; forms: number[] },
) {
  const values = valueSource(seeds.values, seeds.forms);
  const policy = POLICIES[template.table]!;
  const columns = Object.keys(policy.columns);
  const column = (index: number) => columns[index % columns.length]!;
  const typeOf = (name: string) => policy.columns[name]!.type;
  const operation = (filter: FilterTemplate) => {
    const not = filter.negated ? 'not.' : '';
    // Quoted: a list's empty item needs it; elsewhere the quotes are part of the value.
    const value = () => `"${values.value(typeOf(column(filter.column)))}"`;
    if (filter.operator === 'in') {
      return `${not}in.(${Array.from({ length: filter.items }, value).join(',')})`;
    }
    if (filter.operator === 'is') return `${not}is.${filter.items % 2 ? 'true' : 'null'}`;
    const operand = filter.operator.endsWith('like') ? `"${values.pattern()}"` : value();
    return `${not}${filter.operator}.${operand}`;
  };
  const inGroup = (condition: ConditionTemplate): string =>
    condition.kind === 'filter'
      ? `${column(condition.column)}.${operation(condition)}`
      : `${condition.negated ? 'not.' : ''}${condition.operator}(${condition.conditions.map(inGroup).join(',')})`;

  const params = new URLSearchParams();
  if (template.select) {
    const items = template.select.map((item, index) =>
      item.aliased ? `a${index}:${column(item.column)}` : column(item.column),
    );
    params.append('select', items.join(','));
  }
  for (const condition of template.filters) {
    if (condition.kind === 'filter') params.append(column(condition.column), operation(condition));
    else {
      const name = `${condition.negated ? 'not.' : ''}${condition.operator}`;
      params.append(name, `(${condition.conditions.map(inGroup).join(',')})`);
    }
  }
  const order: OrderTerm[] = template.order.map((term) => ({
    column: column(term.column),
    direction: term.direction,
    nulls: term.nullsFirst ? 'first' : 'last',
  }));
  if (order.length > 0) {
    const terms = order.map((term) => `${term.column}.${term.direction}.nulls${term.nulls}`);
    params.append('order', terms.join(','));
  }
  if (template.limit !== null) params.append('limit', String(template.limit));
  if (template.offset) params.append('offset', values.offset());
  if (template.cursor && order.length > 0) {
    const keyset = withKeyColumn(order, policy.primaryKey);
    const position = keyset.map((term) => values.value(typeOf(term.column)));
    const scope = policy.name;
    params.append(
      'cursor',
      encodeCursor(position, { secret: CURSOR_SECRET, order: keyset, scope }),
    );
  }
  const headers: Record<string, string> = {};
  if (template.count) headers.prefer = 'count=exact';
  if (template.singular) headers.accept = 'application/vnd.pgrst.object+json';
  return { policy, query: params.toString(), headers };
}
