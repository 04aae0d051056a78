export interface Slots {
  /** Runs `work` when a slot is free, in arrival order; `whenFull`'s error when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * At most `running` pieces of work at once and `waiting` more in line. Renders use it (a tab
 * costs memory and a core for seconds) and so do a page's outbound requests (each holds up to
 * its answer's size in memory).
 */
export function createSlots(options: {
  running: number;
  waiting: number;
  whenFull?: () => Error;
}): Slots {
  let running = 0;
  const queue: Array<() => void> = [];

  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };

  const acquire = async (): Promise<void> => {
    if (running < options.running) {
      running += 1;
      return;
    }
    if (queue.length >= options.waiting) {
      throw options.whenFull?.() ?? new Error('The queue is full');
    }
    // The finishing piece of work hands its slot straight over, so `running` stays as it is.
    await new Promise<void>((resolve) => queue.push(resolve));
  };

  return {
    async run(work) {
      await acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
