import type { Expression } from 'kysely';
import { placeholder } from '../../../db/compiled-queries/placeholders';

/** A value as an SQL literal (DatabaseHandle.valueInSql). */
export type WriteValue = (value: string | number | null) => Expression<unknown>;

/**
 * The values one request binds, in the order it binds them. `bind` hands the query builder
 * either the value itself, for a query built for one run (a write), or its placeholder, for a
 * query compiled once and run again with other values (a read, see db/compiled-queries/).
 */
export class Bindings {
  readonly values: unknown[] = [];
  /**
   * The values `value` wrote into the SQL, in order, for the query's key; null where it binds
   * them.
   */
  readonly written: (string | number | null)[] | null;

  private constructor(
    private readonly handOut: 'values' | 'placeholders',
    private readonly writeValue?: WriteValue,
  ) {
    this.written = writeValue ? [] : null;
  }

  /** Bindings for a query built for one run: the builder gets the values themselves. */
  static forOneRun(): Bindings {
    return new Bindings('values');
  }

  /**
   * Bindings for a query compiled once: the builder gets a placeholder for each value, or, given
   * `writeValue`, the request's values (`value`) written into the SQL, for a search PostgreSQL
   * plans for them (db/dialects/types.ts, `valueInSql`).
   */
  static forCompiledQuery(writeValue?: WriteValue): Bindings {
    return new Bindings('placeholders', writeValue);
  }

  /** A request's value: written into the SQL where these bindings write values, else bound. */
  value<T extends string | number | null>(value: T): T {
    if (!this.writeValue) return this.bind(value);
    this.written!.push(value);
    return this.writeValue(value) as unknown as T;
  }

  bind<T>(value: T): T {
    const index = this.values.push(value) - 1;
    return this.handOut === 'values' ? value : placeholder<T>(index);
  }
}
