/**
 * What a run leaves on disk or running until it ends: temp folders (a seeded SQLite file of
 * 100,000 rows is a gigabyte, of a million ten) and the throwaway PostgreSQL cluster. Each is
 * removed in a `finally` where it was made; an interrupted run (Ctrl-C after half an hour, a
 * `kill`) never reaches those, so the removals are also kept here, synchronous, and run on
 * SIGINT or SIGTERM before the process exits.
 */
const pending = new Set<() => void>();

/**
 * Keeps `remove` for an interrupt. `now` runs it in the normal course and forgets it; `forget`
 * only forgets it, for what ended by itself (a child process that exited).
 */
export function removeOnInterrupt(remove: () => void) {
  pending.add(remove);
  const forget = () => {
    pending.delete(remove);
  };
  return {
    now() {
      forget();
      remove();
    },
    forget,
  };
}

let installed = false;

/** Runs every kept removal on SIGINT or SIGTERM, then exits as a signalled process would. */
export function cleanUpOnInterrupt() {
  if (installed) return;
  installed = true;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`\n[bench] ${signal}: removing ${pending.size} temp folders and servers`);
      for (const remove of [...pending].reverse()) {
        try {
          remove();
        } catch (error) {
          console.error(`[bench] could not remove one: ${(error as Error).message}`);
        }
      }
      process.exit(code);
    });
  }
}
