import { Slot } from '../../../db/plans';

/**
 * The values one request binds, in the order it binds them. `bind` hands the query builder
 * either the value itself (`direct`, for writes) or its Slot (for reads built as plans, see
 * db/plans.ts).
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
