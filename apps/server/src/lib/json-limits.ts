/**
 * How deep a client's JSON may nest. JSON.parse itself takes any depth, but the code after it
 * recurses (zod's `z.json()`, JSON.stringify, the drivers' serialisers) and runs out of stack
 * somewhere past a few thousand levels, which surfaced as a 500 or a socket frame left
 * unanswered. No value the product sends comes near this.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether a parsed JSON value nests deeper than `maxDepth` arrays and objects. It walks with
 * its own stack rather than recursing, so it answers for any depth JSON.parse accepted, and it
 * stops at the first value past the limit.
 */
export function exceedsJsonDepth(value: unknown, maxDepth: number = MAX_JSON_DEPTH): boolean {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > maxDepth) return true;
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) pending.push({ value: child, depth });
    }
  }
  return false;
}

/**
 * Whether any object in a parsed JSON value has a `__proto__` key. JSON.parse keeps it as an
 * ordinary key, but the first copy or validation that assigns it (`copy[key] = value`) sets
 * that copy's prototype instead, smuggling inherited fields past checks of its own keys.
 */
export function hasPrototypeKey(value: unknown): boolean {
  const pending: unknown[] = [value];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next !== 'object' || next === null) continue;
    if (!Array.isArray(next) && Object.hasOwn(next, '__proto__')) return true;
    for (const child of Array.isArray(next) ? next : Object.values(next)) {
      if (typeof child === 'object' && child !== null) pending.push(child);
    }
  }
  return false;
}

/**
 * What is wrong with a client's parsed JSON, as a message for the client, or null when it may
 * go on to validation: too deep to handle safely, or carrying a `__proto__` key.
 */
export function describeUnsafeJson(value: unknown): string | null {
  if (exceedsJsonDepth(value)) return `JSON must not nest deeper than ${MAX_JSON_DEPTH} levels`;
  if (hasPrototypeKey(value)) return 'JSON must not have a "__proto__" key';
  return null;
}
