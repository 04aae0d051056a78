import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { DynamicDatabase } from '../tables/types';
import { Slot } from './bindings';

/** Where a compiled parameter comes from: a request's bound value (its index) or the SQL's own. */
type ParameterSource = number | { constant: unknown };

interface Plan {
  sql: string;
  sources: ParameterSource[];
}

// Lists are read with a few shapes of request, over and over, with different values; building
// and compiling the query with Kysely each time was a quarter of a read. Shapes come from
// clients, so the plans are bounded.
const PLANS_PER_DATABASE = 500;
const plansByDatabase = new WeakMap<Kysely<DynamicDatabase>, LRUCache<string, Plan>>();

function plansOf(db: Kysely<DynamicDatabase>): LRUCache<string, Plan> {
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
 * Runs a read whose SQL depends only on `key`: the first request with that key builds the query
 * (with Slots for its values, see ./bindings.ts) and keeps its SQL; later ones bind their own
 * values into it. `key` must name everything that changes the SQL; values must not.
 */
export async function runPlan<Row>(
  db: Kysely<DynamicDatabase>,
  key: string,
  values: readonly unknown[],
  build: () => Compilable,
): Promise<Row[]> {
  const plans = plansOf(db);
  let plan = plans.get(key);
  if (!plan) plans.set(key, (plan = makePlan(build())));
  const parameters = plan.sources.map((source) =>
    typeof source === 'number' ? values[source] : source.constant,
  );
  const result = await db.executeQuery<Row>(CompiledQuery.raw(plan.sql, parameters));
  return result.rows;
}
