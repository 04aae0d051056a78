import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import { LRUCache } from 'lru-cache';

/**
 * Stands in for a request's value while a query's SQL is built, so the SQL can be kept and run
 * again with the next request's values. Kysely takes it for a plain value and puts it among the
 * compiled parameters, where the plan finds its index.
 */
export class Slot {
  constructor(readonly index: number) {}
}

/** Slots for `values`, typed as the values themselves for the query builder. */
export function slotsFor<Values extends readonly unknown[]>(values: Values): Values {
  // A Slot passes through the builder only as a value, never read as one of Values.
  return values.map((_, index) => new Slot(index)) as unknown as Values;
}

/** Where a compiled parameter comes from: a request's bound value (its index) or the SQL's own. */
type ParameterSource = number | { constant: unknown };

interface Plan {
  sql: string;
  sources: ParameterSource[];
}

// Hot queries run with a few shapes, over and over, with different values; building and
// compiling them with Kysely each time was a quarter of a read. Table API shapes come from
// clients, so the plans are bounded.
const PLANS_PER_DATABASE = 500;
const plansByDatabase = new WeakMap<object, LRUCache<string, Plan>>();

function plansOf(db: object): LRUCache<string, Plan> {
  let plans = plansByDatabase.get(db);
  if (!plans) plansByDatabase.set(db, (plans = new LRUCache({ max: PLANS_PER_DATABASE })));
  return plans;
}

function makePlan(query: Compilable): Plan {
  const compiled = query.compile();
  return {
    sql: compiled.sql,
    sources: compiled.parameters.map((parameter) =>
      parameter instanceof Slot ? parameter.index : { constant: parameter },
    ),
  };
}

/**
 * Runs a query whose SQL depends only on `key`: the first run with that key builds the query
 * (with Slots for its values) and keeps its SQL; later ones bind their own values into it.
 * `key` must name everything that changes the SQL; values must not.
 */
export function executePlan<Row>(
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any schema
  key: string,
  values: readonly unknown[],
  build: () => Compilable,
): Promise<QueryResult<Row>> {
  const plans = plansOf(db);
  let plan = plans.get(key);
  if (!plan) plans.set(key, (plan = makePlan(build())));
  const parameters = plan.sources.map((source) =>
    typeof source === 'number' ? values[source] : source.constant,
  );
  return db.executeQuery<Row>(CompiledQuery.raw(plan.sql, parameters));
}

/** The rows of `executePlan`. */
export async function runPlan<Row>(...args: Parameters<typeof executePlan<Row>>): Promise<Row[]> {
  return (await executePlan<Row>(...args)).rows;
}
