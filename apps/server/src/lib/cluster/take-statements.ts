/** One take of a turn's batch: `amount` for a key against its ceiling, in a window. */
export interface BatchedTake {
  key: string;
  amount: number;
  ceiling: number;
  windowMs: number;
}

/** The takes one upsert runs: each key once, one ceiling and one window for all of them. */
export interface TakeStatement {
  ceiling: number;
  windowMs: number;
  /** False for takes of more than the ceiling, which never fit and only read the window. */
  fits: boolean;
  /** The takes, by their place in the batch, in the order of their keys. */
  takes: { index: number; key: string; amount: number }[];
}

/**
 * Splits a turn's takes into upserts. An upsert may change a row only once, so a key taken
 * twice goes into a second round, and rounds run in order: each key is counted in the order
 * its takes were made. The ceiling and window are part of the SQL, so takes with other limits
 * go into statements of their own, and so do takes that could never fit. Within a statement keys are sorted: two instances then lock
 * shared rows in one order, and never wait on each other in a cycle.
 */
export function planTakeStatements(takes: BatchedTake[]): TakeStatement[] {
  const rounds: Map<string, TakeStatement>[] = [];
  const rounded = new Map<string, number>();
  takes.forEach(({ key, amount, ceiling, windowMs }, index) => {
    const round = rounded.get(key) ?? 0;
    rounded.set(key, round + 1);
    const statements = (rounds[round] ??= new Map());
    const fits = amount <= ceiling;
    const limit = `${fits ? ceiling : 'over'}/${windowMs}`;
    const statement = statements.get(limit) ?? { ceiling, windowMs, fits, takes: [] };
    statements.set(limit, statement);
    statement.takes.push({ index, key, amount });
  });
  const byKey = (a: { key: string }, b: { key: string }) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
  return rounds.flatMap((statements) =>
    [...statements.values()].map((statement) => ({
      ...statement,
      takes: statement.takes.sort(byKey),
    })),
  );
}
