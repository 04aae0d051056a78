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

/** A database's plans by key, and a name for each distinct SQL text among them. */
interface DatabasePlans {
  byKey: LRUCache<string, Plan>;
  names: Map<string, { name: string; plans: number }>;
  named: number;
}

// Hot queries run with a few shapes, over and over, with different values; building and
// compiling them with Kysely each time is wasted work (decision 012). Table API shapes come from
// clients, so the plans are bounded.
const PLANS_PER_DATABASE = 500;
const plansByDatabase = new WeakMap<object, DatabasePlans>();

function plansOf(db: object): DatabasePlans {
  let plans = plansByDatabase.get(db);
  if (plans) return plans;
  const names: DatabasePlans['names'] = new Map();
  const byKey = new LRUCache<string, Plan>({
    max: PLANS_PER_DATABASE,
    dispose: ({ sql }) => {
      const entry = names.get(sql);
      if (entry && --entry.plans === 0) names.delete(sql);
    },
  });
  plans = { byKey, names, named: 0 };
  plansByDatabase.set(db, plans);
  return plans;
}

function remember(plans: DatabasePlans, key: string, plan: Plan) {
  plans.byKey.set(key, plan);
  const entry = plans.names.get(plan.sql);
  if (entry) entry.plans += 1;
  // A text that comes back after its plans were dropped gets a new name: a connection may
  // still hold the old one, and no name ever stands for two texts.
  else plans.names.set(plan.sql, { name: `plan_${++plans.named}`, plans: 1 });
}

/**
 * The name of a plan's SQL on `db` while some plan runs it, for a driver that prepares named
 * statements (PostgreSQL: see dialects/postgres-statements.ts); undefined for any other SQL.
 */
export function planStatementName(db: object, sql: string): string | undefined {
  return plansByDatabase.get(db)?.names.get(sql)?.name;
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
 * Runs a plan's SQL straight on the database's connection, or returns null when it cannot now;
 * the plan then goes through Kysely's driver. See dialects/sqlite.ts.
 */
export type DirectRunner = (sql: string, parameters: unknown[]) => QueryResult<unknown> | null;

const directRunners = new WeakMap<object, DirectRunner>();

/** Lets plans on `db` (not on its transactions, which are other objects) skip the driver. */
export function runPlansDirectly(db: object, runner: DirectRunner): void {
  directRunners.set(db, runner);
}

/**
 * Commits a plan's write together with the others queued in the same turn of the event loop.
 * See dialects/sqlite-group-commit.ts.
 */
export type GroupRunner = (sql: string, parameters: unknown[]) => Promise<QueryResult<unknown>>;

const groupRunners = new WeakMap<object, GroupRunner>();

/** Lets writes on `db` that can wait for the end of the turn share their commit. */
export function commitPlansInGroups(db: object, runner: GroupRunner): void {
  groupRunners.set(db, runner);
}

/** The SQL of the plan `key` names, built the first time, and its parameters for `values`. */
function bindPlan(db: object, key: string, values: readonly unknown[], build: () => Compilable) {
  const plans = plansOf(db);
  let plan = plans.byKey.get(key);
  if (!plan) remember(plans, key, (plan = makePlan(build())));
  const parameters = plan.sources.map((source) =>
    typeof source === 'number' ? values[source] : source.constant,
  );
  return { sql: plan.sql, parameters };
}

function runBound<Row>(
  db: Kysely<any>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any schema
  sql: string,
  parameters: unknown[],
): Promise<QueryResult<Row>> {
  const direct = directRunners.get(db);
  if (direct) {
    try {
      const result = direct(sql, parameters);
      if (result) return Promise.resolve(result as QueryResult<Row>);
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return db.executeQuery<Row>(CompiledQuery.raw(sql, parameters));
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
  const { sql, parameters } = bindPlan(db, key, values, build);
  return runBound<Row>(db, sql, parameters);
}

/**
 * `executePlan` for a write that may share its commit with the writes of the same turn of the
 * event loop, where the database allows it (SQLite). Its answer comes once they are committed.
 */
export function executePlanInGroup<Row>(
  ...[db, key, values, build]: Parameters<typeof executePlan<Row>>
): Promise<QueryResult<Row>> {
  const { sql, parameters } = bindPlan(db, key, values, build);
  const group = groupRunners.get(db);
  if (!group) return runBound<Row>(db, sql, parameters);
  return group(sql, parameters) as Promise<QueryResult<Row>>;
}

/** The rows of `executePlan`. */
export async function runPlan<Row>(...args: Parameters<typeof executePlan<Row>>): Promise<Row[]> {
  return (await executePlan<Row>(...args)).rows;
}
