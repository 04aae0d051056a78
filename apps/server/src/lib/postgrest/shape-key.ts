import type { Condition, ParsedRequest } from './types';

declare const requestShapeBrand: unique symbol;
declare const shapeKeyBrand: unique symbol;

/** A parsed request with its values left out, as JSON text, made only by `requestShape`. */
export type RequestShape = string & { readonly [requestShapeBrand]: true };

/**
 * A request's shape with what else shapes the caller's SQL, made only by `shapeKey`. A cache of
 * compiled SQL keyed by it takes no key spelled by hand, where a forgotten piece would let one
 * request run with SQL built for another.
 */
export type ShapeKey = string & { readonly [shapeKeyBrand]: true };

type ContextValue = string | number | boolean | null;

/** What besides the request shapes the caller's SQL, as plain data: part of the key as given. */
export type ShapeContext = Readonly<Record<string, ContextValue | readonly ContextValue[]>>;

// Which positions hold a value is decided by the structure around them (the operator, a list's
// length), so one stand-in serves every value.
const VALUE = '?';

function maskCondition(condition: Condition): unknown {
  if (condition.kind === 'group') {
    return { ...condition, conditions: condition.conditions.map(maskCondition) };
  }
  switch (condition.operator) {
    case 'is':
      // null, true, false and unknown are keywords the SQL spells, not values it binds.
      return condition;
    case 'in':
      return { ...condition, value: condition.value.map(() => VALUE) };
    default:
      return { ...condition, value: VALUE };
  }
}

/**
 * A request's shape: the whole parsed request, every field of it, with its values replaced by
 * one stand-in. Values are what a client varies from one request to the next without changing
 * the question: a filter's operands (a list keeps its length), the cursor's position (its
 * length kept) and the offset. Whether there is an offset at all is shape: a compiler may read
 * a first page another way. Everything else, and any field the parser gains later, is part of
 * the shape, so nothing that shapes the SQL can be left out of it.
 */
export function requestShape(parsed: ParsedRequest): RequestShape {
  const { cursor, range } = parsed;
  const shape = {
    ...parsed,
    filters: parsed.filters.map(maskCondition),
    cursor: cursor && { ...cursor, values: cursor.values.map(() => VALUE) },
    range: { ...range, offset: range.offset === 0 ? 0 : VALUE },
  };
  return JSON.stringify(shape) as RequestShape;
}

/**
 * The key of one query a request compiles to: its shape, and `context`, what lies outside the
 * request (the table's rules, which of its queries, what the database makes of a value). A
 * compiler that binds exactly the values `requestShape` leaves out as parameters, and derives
 * nothing else from them except through `context`, builds the same SQL for equal keys.
 */
export function shapeKey(shape: RequestShape, context: ShapeContext): ShapeKey {
  // JSON.stringify([context, parsed shape]), without writing the request again for each query.
  return `[${JSON.stringify(context)},${shape}]` as ShapeKey;
}

/**
 * The key of a query the server builds in a few shapes of its own rather than from a client's
 * request (a recommendation's ranking): its name, and `context`, everything that shapes its SQL.
 * It never equals a request's key, which starts with a context object, not a name.
 */
export function ownShapeKey(name: string, context: ShapeContext): ShapeKey {
  return JSON.stringify([name, context]) as ShapeKey;
}
