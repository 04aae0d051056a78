/**
 * Stands in for a request's value while a read's SQL is built, so the SQL can be kept and run
 * again with the next request's values (see ./plans.ts). Kysely takes it for a plain value and
 * puts it among the compiled parameters, where the plan finds its index.
 */
export class Slot {
  constructor(readonly index: number) {}
}

/**
 * The values one request binds, in the order it binds them. `bind` hands the query builder
 * either the value itself (`direct`, for writes) or its Slot (for reads built as plans).
 */
export class Bindings {
  readonly values: unknown[] = [];

  constructor(private readonly direct: boolean) {}

  bind<T>(value: T): T {
    const index = this.values.push(value) - 1;
    // A Slot passes through the builder only as a value, never read as a T.
    return this.direct ? value : (new Slot(index) as T);
  }
}
