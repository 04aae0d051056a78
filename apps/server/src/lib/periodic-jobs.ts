import type { FastifyBaseLogger } from 'fastify';

/**
 * Who may run a periodic job now. In process (SQLite: one machine, one instance) it is always
 * this process; on PostgreSQL the instance holding the job's advisory lock (cluster-locks.ts).
 */
export interface JobLeadership {
  holds(job: string): Promise<boolean>;
  close(): Promise<void>;
}

export const inProcessLeadership: JobLeadership = {
  holds: async () => true,
  close: async () => {},
};

export interface PeriodicJob {
  /** Stops the schedule and waits for a run in progress, so the database can close. */
  stop(): Promise<void>;
}

export interface PeriodicJobs {
  /**
   * Runs `work` every `intervalMs` on the one instance that leads the job; a run never overlaps
   * the previous one. A failure is logged and the next interval tries again.
   */
  every(job: string, intervalMs: number, work: () => Promise<void>): PeriodicJob;
  /** Stops every job and gives up leadership (another instance takes over at its next tick). */
  close(): Promise<void>;
}

export function createPeriodicJobs(
  leadership: JobLeadership,
  log: FastifyBaseLogger,
): PeriodicJobs {
  const jobs = new Set<PeriodicJob>();
  return {
    every(job, intervalMs, work) {
      let running: Promise<void> | null = null;
      const tick = () => {
        if (running) return;
        running = leadership
          .holds(job)
          .then((leads) => (leads ? work() : undefined))
          .catch((error: unknown) => log.error({ err: error, job }, 'periodic job failed'))
          .finally(() => {
            running = null;
          });
      };
      const timer = setInterval(tick, intervalMs);
      // The interval alone must not keep a process alive that is otherwise done.
      timer.unref();
      const handle: PeriodicJob = {
        async stop() {
          clearInterval(timer);
          jobs.delete(handle);
          await running;
        },
      };
      jobs.add(handle);
      return handle;
    },
    async close() {
      await Promise.all([...jobs].map((job) => job.stop()));
      await leadership.close();
    },
  };
}
