import { describeFailure, ParseFailure } from './errors';
import { parseIdentifier } from './identifier';
import { splitTopLevel } from './split-top-level';
import type { NullsPosition, OrderDirection, OrderTerm } from './types';

/** Parses `order=col.desc.nullslast,col2.asc.nullsfirst,col3`. */
export function parseOrderParam(value: string): OrderTerm[] {
  return describeFailure(`failed to parse order (${value})`, () =>
    splitTopLevel(value).map(parseOrderTerm),
  );
}

function parseOrderTerm(raw: string): OrderTerm {
  const term = raw.trim();
  if (term === '') throw new ParseFailure('empty term in the order list');
  if (term.includes('(')) {
    throw new ParseFailure('Ordering by embedded resources is not supported', {
      unsupported: true,
    });
  }
  if (term.includes('->')) {
    throw new ParseFailure('JSON operators (-> and ->>) are not supported', { unsupported: true });
  }
  const [name = '', ...modifiers] = term.split('.');
  const column = parseIdentifier(name);
  let index = 0;
  let direction: OrderDirection | undefined;
  let nulls: NullsPosition | undefined;
  const first = modifiers[index];
  if (first === 'asc' || first === 'desc') {
    direction = first;
    index += 1;
  }
  const second = modifiers[index];
  if (second === 'nullsfirst' || second === 'nullslast') {
    nulls = second === 'nullsfirst' ? 'first' : 'last';
    index += 1;
  }
  const unexpected = modifiers[index];
  if (unexpected !== undefined) {
    const expecting =
      index === 0
        ? '"asc", "desc", "nullsfirst" or "nullslast"'
        : nulls === undefined
          ? '"nullsfirst" or "nullslast"'
          : '"," or end of input';
    throw new ParseFailure(`unexpected "${unexpected}" in "${term}", expecting ${expecting}`);
  }
  const effectiveDirection = direction ?? 'asc';
  // PostgreSQL's defaults, which PostgREST inherits: NULLs sort as if larger than any value.
  return {
    column,
    direction: effectiveDirection,
    nulls: nulls ?? (effectiveDirection === 'asc' ? 'last' : 'first'),
  };
}
