/**
 * `npm run seed -- --users N --projects N --messages N [--seed N] [--reset]`: fills the
 * configured database (DATA_DIR's SQLite file, or DATABASE_URL's PostgreSQL) with a campus.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/config';
import { openDatabase } from '../src/db/open-database';
import { seedCampus, type SeedOptions } from './seed-campus';

const USAGE = `Usage: npm run seed -- [--users 1000] [--projects 500] [--messages 5000] [--seed 1] [--reset]

  --users     accounts with a verified school email and a completed profile
  --projects  project postings; each gets 0 to 4 applications
  --messages  direct messages between students
  --seed      the same seed gives the same campus (default 1)
  --reset     delete every account, profile, project, application and message first`;

function parseCount(name: string, value: string): number {
  if (!/^\d+$/.test(value))
    throw new ConfigError(`--${name} must be a whole number (got "${value}")`);
  return Number(value);
}

function parseOptions(argv: string[]): SeedOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      users: { type: 'string', default: '1000' },
      projects: { type: 'string', default: '500' },
      messages: { type: 'string', default: '5000' },
      seed: { type: 'string', default: '1' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return null;
  return {
    users: parseCount('users', values.users),
    projects: parseCount('projects', values.projects),
    messages: parseCount('messages', values.messages),
    seed: parseCount('seed', values.seed),
    reset: values.reset,
  };
}

async function runSeed(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (!options) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const target = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
  console.log(`Seeding ${target} (seed ${options.seed}${options.reset ? ', reset' : ''})`);
  try {
    const summary = await seedCampus(handle, { ...options, log: (line) => console.log(line) });
    console.log(
      `Seeded ${summary.users} users, ${summary.projects} projects, ` +
        `${summary.applications} applications, ${summary.messages} messages ` +
        `in ${summary.seconds.toFixed(1)}s. Every seeded account's password: ${summary.password}`,
    );
  } finally {
    await handle.close();
  }
}

runSeed().catch((error: unknown) => {
  // Bad arguments and configuration get one line; anything else keeps its stack.
  const oneLine =
    error instanceof ConfigError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(oneLine ? (error as Error).message : error);
  process.exitCode = 1;
});
