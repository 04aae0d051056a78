interface Waiting<Item, Answer> {
  item: Item;
  resolve: (answer: Answer) => void;
  reject: (error: unknown) => void;
}

/**
 * Gathers the calls made during one turn of the event loop and runs them as one at its end
 * (setImmediate), each caller getting its own answer. Under load, a turn holds the requests of
 * many clients, and one statement for all of them is one round trip to the database where each
 * was one (docs/decisions/022-performance-second-round.md). At rest a call waits only for the
 * turn it was made in to end.
 *
 * `run` answers the items in their order; when it fails, every call of the batch fails with it.
 */
export function batchPerTurn<Item, Answer>(
  run: (items: Item[]) => Promise<Answer[]>,
): (item: Item) => Promise<Answer> {
  let waiting: Waiting<Item, Answer>[] = [];

  const flush = async () => {
    const batch = waiting;
    waiting = [];
    let answers: Answer[];
    try {
      answers = await run(batch.map(({ item }) => item));
    } catch (error) {
      for (const { reject } of batch) reject(error);
      return;
    }
    batch.forEach(({ resolve }, index) => resolve(answers[index]!));
  };

  return (item) =>
    new Promise<Answer>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(() => void flush());
      waiting.push({ item, resolve, reject });
    });
}
