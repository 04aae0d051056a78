/**
 * `npx tsx bench/realtime/run.ts [--sockets 20000] [--instances 2] [--only broadcast|sustained]`
 * `[--rate 1000] [--seconds 10] [--warmup 2]`:
 * the realtime benchmark alone (bench/realtime/bench.ts). DATABASE_URL measures on PostgreSQL.
 */
import { parseArgs } from 'node:util';
import { cleanUpOnInterrupt } from '../leftovers';
import { DEFAULT_REALTIME_OPTIONS, runRealtimeBench } from './bench';
import { renderRealtime } from './report';

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: String(DEFAULT_REALTIME_OPTIONS.sockets) },
    instances: { type: 'string', default: String(DEFAULT_REALTIME_OPTIONS.instances) },
    processes: { type: 'string', default: String(DEFAULT_REALTIME_OPTIONS.clientProcesses) },
    broadcasts: { type: 'string', default: String(DEFAULT_REALTIME_OPTIONS.broadcasts) },
    rate: { type: 'string', default: String(DEFAULT_REALTIME_OPTIONS.messagesPerSecond) },
    seconds: { type: 'string', default: String(DEFAULT_REALTIME_OPTIONS.seconds) },
    warmup: { type: 'string', default: String(DEFAULT_REALTIME_OPTIONS.warmupSeconds) },
    only: { type: 'string' },
  },
});

const whole = (name: string, text: string, least = 1) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < least) {
    throw new Error(`--${name} takes a whole number ≥ ${least}`);
  }
  return value;
};

const scenarios = values.only
  ? DEFAULT_REALTIME_OPTIONS.scenarios.filter((name) => values.only!.split(',').includes(name))
  : DEFAULT_REALTIME_OPTIONS.scenarios;

cleanUpOnInterrupt();
const rows = await runRealtimeBench({
  ...DEFAULT_REALTIME_OPTIONS,
  databaseUrl: process.env.DATABASE_URL,
  sockets: whole('sockets', values.sockets),
  instances: whole('instances', values.instances),
  clientProcesses: whole('processes', values.processes),
  broadcasts: whole('broadcasts', values.broadcasts),
  messagesPerSecond: whole('rate', values.rate),
  seconds: whole('seconds', values.seconds),
  warmupSeconds: whole('warmup', values.warmup, 0),
  scenarios,
  log: (line) => console.log(`[realtime] ${line}`),
});
console.log(`\n${renderRealtime(rows)}`);
