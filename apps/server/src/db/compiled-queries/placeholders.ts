/**
 * Stands in for a value while a query is built to be compiled once: Kysely takes it for a plain
 * value and lists it among the compiled parameters, where the compiled query finds its index and
 * later puts each run's own value (compiled-queries.ts).
 */
export class Placeholder {
  constructor(readonly index: number) {}
}

/** The placeholder of the value at `index`, typed as that value for the query builder. */
export function placeholder<T>(index: number): T {
  // A placeholder passes through the builder only as a value, never read as a T.
  return new Placeholder(index) as T;
}

/** A placeholder for each of `values`, typed as the values themselves. */
export function placeholdersFor<Values extends readonly unknown[]>(values: Values): Values {
  return values.map((_, index) => placeholder(index)) as unknown as Values;
}

/** Where a compiled parameter comes from: a run's value (its index) or the SQL's own constant. */
export type ParameterSource = number | { constant: unknown };

/** The sources of a compiled query's parameters, in order. */
export function parameterSources(parameters: readonly unknown[]): ParameterSource[] {
  return parameters.map((parameter) =>
    parameter instanceof Placeholder ? parameter.index : { constant: parameter },
  );
}

/** A run's parameters: its values where the query had placeholders, the constants elsewhere. */
export function fillParameters(sources: ParameterSource[], values: readonly unknown[]): unknown[] {
  return sources.map((source) => (typeof source === 'number' ? values[source] : source.constant));
}
