import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/db/dialects/types';
import { hashPassword } from '../src/lib/passwords';
import { loadExistingRows } from './existing-rows';
import { buildMessageRow } from './generate/messages';
import { generatePeople } from './generate/people';
import { buildAccountRow, buildProfileRow } from './generate/profiles';
import { buildApplicationRows, buildProjectRow } from './generate/projects';
import { createRandom, mixSeeds } from './random';
import { writeBatchesInOrder, writeInBatches, type ReportProgress } from './batches';
import type { SeedRow } from './tables';
import { openSeedWriter } from './writers/open-writer';
import type { SeedWriter } from './writers/types';

/** Every seeded account signs in with this password (printed by the CLI). */
export const SEED_PASSWORD = 'campus-seed-password';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SeedOptions {
  users: number;
  projects: number;
  messages: number;
  /** Same seed, same campus (ids, names, dates; not the salted password hash). */
  seed: number;
  /** Empty the seeded tables first. */
  reset?: boolean;
  log?: (line: string) => void;
  /** The seed's "today"; by default the start of the current UTC day, so reruns match. */
  now?: Date;
}

export interface SeedSummary {
  users: number;
  projects: number;
  applications: number;
  messages: number;
  password: string;
  seconds: number;
}

/** Fills the database behind `handle` with a realistic campus; returns what it wrote. */
export async function seedCampus(
  handle: DatabaseHandle,
  options: SeedOptions,
): Promise<SeedSummary> {
  const started = performance.now();
  const minimumUsers = options.messages > 0 ? 2 : options.projects > 0 ? 1 : 0;
  if (options.users < minimumUsers) {
    throw new Error(`Seeding projects or messages needs at least ${minimumUsers} users`);
  }
  const writer = openSeedWriter(handle);
  try {
    if (options.reset) await writer.clearSeededTables();
    return await writeCampus(handle, writer, options, started);
  } finally {
    await writer.close();
  }
}

async function writeCampus(
  handle: DatabaseHandle,
  writer: SeedWriter,
  options: SeedOptions,
  started: number,
): Promise<SeedSummary> {
  const log = options.log ?? (() => {});
  const existing = await loadExistingRows(handle.db);
  // A second seed into a non-empty database must draw other ids than the first.
  const random = createRandom(mixSeeds(options.seed, existing.counts.accounts));
  const nowMs = options.now?.getTime() ?? Math.floor(Date.now() / DAY_MS) * DAY_MS;
  // scrypt is slow on purpose (decision 004): once per account, 100,000 accounts take hours.
  const passwordHash = await hashPassword(SEED_PASSWORD);
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)}s`;
  const progress: ReportProgress = (table, done, total) =>
    log(`${table}: ${done.toLocaleString('en')}/${total.toLocaleString('en')} (${elapsed()})`);

  const campus = generatePeople(random, {
    count: options.users,
    nowMs,
    serialOffset: existing.counts.accounts,
    takenEmails: existing.emails,
    takenCodes: existing.referralCodes,
  });
  const { people } = campus;
  let applications = 0;
  await writeInBatches(writer, 'auth_accounts', people.length, progress, (index) =>
    buildAccountRow(people[index]!, passwordHash),
  );
  await writeInBatches(writer, 'users', people.length, progress, (index) =>
    buildProfileRow(random, people[index]!, nowMs),
  );
  await writeBatchesInOrder(options.projects, (start, end) => {
    const projects: SeedRow<'projects'>[] = [];
    const applicationRows: SeedRow<'applications'>[] = [];
    for (let index = start; index < end; index++) {
      const target = buildProjectRow(random, campus, existing.counts.projects + index, nowMs);
      const serial = existing.counts.applications + applications + applicationRows.length;
      projects.push(target.project);
      applicationRows.push(...buildApplicationRows(random, campus, target, serial, nowMs));
    }
    applications += applicationRows.length;
    return async () => {
      await writer.insertRows('projects', projects);
      await writer.insertRows('applications', applicationRows);
      progress('projects', end, options.projects);
    };
  });
  // Ten messages per student: the bulk of a seed, loaded first and indexed once at the end.
  const rebuildIndexes = await writer.deferIndexes('messages');
  try {
    await writeInBatches(writer, 'messages', options.messages, progress, (index) =>
      buildMessageRow(random, campus, existing.counts.messages + index, nowMs),
    );
  } finally {
    log(`indexing messages (${elapsed()})`);
    await rebuildIndexes();
  }
  // What each first profile fixed for good (migration 012), as the table API records it: a
  // seeded student deleting and recreating a profile must not credit or move campus either.
  await sql`insert into first_profiles (account_id, university, referred_by, created_at)
    select user_id, university, referred_by, created_at from users
    where not exists (select 1 from first_profiles where account_id = users.user_id)`.execute(
    handle.db,
  );
  log(`finishing (${elapsed()})`);
  await writer.finish();
  return {
    users: people.length,
    projects: options.projects,
    applications,
    messages: options.messages,
    password: SEED_PASSWORD,
    seconds: (performance.now() - started) / 1000,
  };
}
