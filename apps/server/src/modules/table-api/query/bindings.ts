import { placeholder } from '../../../db/compiled-queries/placeholders';

/**
 * The values one request binds, in the order it binds them. `bind` hands the query builder
 * either the value itself, for a query built for one run (a write), or its placeholder, for a
 * query compiled once and run again with other values (a read, see db/compiled-queries/).
 */
export class Bindings {
  readonly values: unknown[] = [];

  private constructor(private readonly handOut: 'values' | 'placeholders') {}

  /** Bindings for a query built for one run: the builder gets the values themselves. */
  static forOneRun(): Bindings {
    return new Bindings('values');
  }

  /** Bindings for a query compiled once: the builder gets a placeholder for each value. */
  static forCompiledQuery(): Bindings {
    return new Bindings('placeholders');
  }

  bind<T>(value: T): T {
    const index = this.values.push(value) - 1;
    return this.handOut === 'values' ? value : placeholder<T>(index);
  }
}
