import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { waitUntil } from './wait-until';

const INTERVAL_MS = 50;

describe('periodic jobs', () => {
  const servers: TestApp[] = [];
  afterEach(async () => {
    // The first started owns the database: close the others first.
    for (const server of servers.splice(0).reverse()) await server.close();
  });

  it('run on one of two instances sharing a PostgreSQL database, and move when it stops', async () => {
    const first = await startTestApp('postgres');
    const second = await startTestApp('postgres', {}, {}, undefined, first.database);
    servers.push(first, second);
    const runs: string[] = [];
    const jobs = [first, second].map((server, index) =>
      server.app.periodicJobs.every('probe', INTERVAL_MS, async () => {
        runs.push(index === 0 ? 'first' : 'second');
      }),
    );
    await waitUntil('the job ran ten times', () => runs.length >= 10);
    // Both instances ticked all along; had each run its own, both names would be here.
    expect(new Set(runs).size).toBe(1);
    const leader = runs[0] === 'first' ? 0 : 1;
    const other = 1 - leader;

    // The leader stops (as on shutdown): the other instance takes the job over.
    await servers[leader]!.app.periodicJobs.close();
    const before = runs.length;
    await waitUntil('the other instance ran it', () =>
      runs.slice(before).some((name) => name === (other === 0 ? 'first' : 'second')),
    );
    const after = runs.length;
    await waitUntil('it ran five more times', () => runs.length >= after + 5);
    expect(new Set(runs.slice(after))).toEqual(new Set([other === 0 ? 'first' : 'second']));
    await Promise.all(jobs.map((job) => job.stop()));
  });

  it('run in process on SQLite, one run at a time', async () => {
    const server = await startTestApp('sqlite');
    servers.push(server);
    let runs = 0;
    let inFlight = 0;
    let overlapped = false;
    const job = server.app.periodicJobs.every('probe', 10, async () => {
      inFlight++;
      overlapped ||= inFlight > 1;
      runs++;
      // Longer than the interval: later ticks find this run still going.
      await new Promise((resolve) => setTimeout(resolve, 40));
      inFlight--;
    });
    await waitUntil('the job ran five times', () => runs >= 5);
    await job.stop();
    expect(overlapped).toBe(false);
    expect(inFlight).toBe(0);
  });
});
