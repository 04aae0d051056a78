import { isIP } from 'node:net';
import { z } from 'zod';
import { APPLICATION_ROWS_PER_MINUTE, MESSAGE_ROWS_PER_MINUTE } from '@campuscollab/shared';
import type { S3Location } from './lib/file-store/s3-client';
import { parseAllowedHosts } from './lib/outbound/outbound-url';

/**
 * Configuration comes from environment variables only (docs/architecture.md §2.1). Parsing is pure:
 * secrets that must be generated on disk are handled by `resolve-secrets.ts` at start.
 */
const port = z.coerce
  .number({ error: 'must be an integer from 0 to 65535' })
  .int('must be an integer from 0 to 65535')
  .min(0, 'must be an integer from 0 to 65535')
  .max(65535, 'must be an integer from 0 to 65535');

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((url) => url.replace(/\/+$/, ''));

const positiveInt = z.coerce
  .number({ error: 'must be a positive integer' })
  .int('must be a positive integer')
  .positive('must be a positive integer');

const flag = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// URL')
    .optional(),
  // pg's own default; each instance opens at most this many connections for requests.
  DATABASE_POOL_SIZE: positiveInt.max(1000, 'must be at most 1000').default(10),
  MIGRATE_ON_START: flag.default(true),
  JOBS_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lowercase SQL identifier')
    .default('pgboss'),
  EMAIL_RETRY_LIMIT: z.coerce
    .number({ error: 'must be an integer from 0 to 30' })
    .int('must be an integer from 0 to 30')
    .min(0, 'must be an integer from 0 to 30')
    .max(30, 'must be an integer from 0 to 30')
    .default(12),
  EMAIL_RETRY_DELAY_SECONDS: positiveInt.default(30),
  EMAIL_POLL_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds, at least 0.5' })
    .min(0.5, 'must be a number of seconds, at least 0.5')
    .default(2),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3, 'must name a sender').default('CampusCollab <no-reply@localhost>'),
  /** Where a new report is announced (modules/safety); unset, reports wait in the operator API. */
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be lowercase letters, digits and dashes')
    .default('campus'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SERVICE_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  AUTH_REDIRECT_ORIGINS: z.string().default(''),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt.default(30),
  AUTH_EMAIL_RATE_LIMIT_PER_HOUR: positiveInt.default(20),
  REFRESH_RATE_LIMIT_PER_MINUTE: positiveInt.default(120),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  STORAGE_QUOTA_MB: positiveInt.default(100),
  DATA_ALLOWED_HOSTS: z.string().default(''),
  CHROMIUM_PATH: z.string().min(1, 'must not be empty').default('/usr/bin/chromium'),
  SEARCH_URL: httpUrl.optional(),
  AI_BASE_URL: httpUrl.optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  AI_IMAGE_MODEL: z.string().min(1).default('gpt-image-1'),
  AI_SPEECH_MODEL: z.string().min(1).default('gpt-4o-mini-tts'),
  AI_TRANSCRIBE_MODEL: z.string().min(1).default('whisper-1'),
  AI_DAILY_REQUESTS: positiveInt.default(200),
  AI_DAILY_TOKENS: positiveInt.default(200_000),
  MESSAGE_RATE_LIMIT_PER_MINUTE: positiveInt.default(MESSAGE_ROWS_PER_MINUTE),
  APPLICATION_RATE_LIMIT_PER_MINUTE: positiveInt.default(APPLICATION_ROWS_PER_MINUTE),
  // Per student: a dashboard, a few pages of Explore and Find Collaborators, with room to spare.
  MATCH_RATE_LIMIT_PER_MINUTE: positiveInt.default(60),
  // The naming rules AWS, MinIO and R2 share: 3 to 63 lowercase letters, digits, dots, dashes.
  STORAGE_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 a-z, 0-9, . and -)')
    .optional(),
  STORAGE_S3_ENDPOINT: httpUrl.optional(),
  STORAGE_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  STORAGE_S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false'),
  PRESENCE_EXPIRY_MS: positiveInt.min(1000, 'must be at least 1000').default(30_000),
});

/**
 * Where uploaded files live: folders under DATA_DIR (one machine, the default), or a bucket of an
 * S3-compatible service that several servers share.
 */
export type StorageConfig = { kind: 'disk' } | ({ kind: 's3' } & S3Location);

export interface RateLimits {
  /** Sign-in, sign-up and verification emails, per IP and per minute. */
  authPerMinute: number;
  /** Sign-in attempts and emails per address and per hour. */
  authPerEmailPerHour: number;
  /** Refreshes per IP and per minute. */
  refreshPerMinute: number;
  /** Messages a sender may write per minute, counted in rows. */
  messageRowsPerMinute: number;
  /** Applications an applicant may write per minute, counted in rows. */
  applicationRowsPerMinute: number;
  /** "Recommended for you" pages a student may ask for per minute. */
  matchPerMinute: number;
}

export interface Config {
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Connections each instance keeps to PostgreSQL for requests (jobs have their own few). */
  databasePoolSize: number;
  /** False when a deployment migrates as a separate step (`npm run migrate`). */
  migrateOnStart: boolean;
  /** The durable email queue on PostgreSQL (modules/email/queued-mailer.ts). */
  emailQueue: EmailQueueConfig;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Told of each new report; see ADMIN_EMAIL. */
  adminEmail: string | undefined;
  projectId: string;
  jwtSecret: string | undefined;
  serviceKey: string | undefined;
  /**
   * The bearer token `GET /metrics` asks for. Unset in production, there is no /metrics;
   * elsewhere it also answers this machine without one (modules/metrics/routes.ts).
   */
  metricsToken: string | undefined;
  /** Origins besides PUBLIC_URL's that the hosted sign-in page may redirect to. */
  authRedirectOrigins: string[];
  rateLimits: RateLimits;
  /**
   * Fastify's `trustProxy`: false (the socket address is the client), true (the first address of
   * X-Forwarded-For), a hop count, or the proxies' addresses and CIDRs. `request.ip` follows it.
   */
  trustProxy: TrustProxy;
  logLevel: string;
  storage: StorageConfig;
  /** How many bytes of files each student may keep in storage. */
  storageQuotaBytes: number;
  /** Hosts outbound requests may reach although they are private (lib/outbound/outbound-url.ts). */
  dataAllowedHosts: ReadonlySet<string>;
  /** The Chromium binary screenshots are rendered with, launched on the first screenshot. */
  chromiumPath: string;
  /** A SearXNG instance for `/api/data/{project}/search`; unset, search answers 503. */
  searchUrl: string | undefined;
  /** The AI provider, or undefined when AI is off (every `/api/ai` call is 503). */
  ai: AiConfig | undefined;
  /** Per-student daily AI budgets, counted in requests and in tokens. */
  aiBudget: { requestsPerDay: number; tokensPerDay: number };
  /**
   * With several instances on PostgreSQL, how long a stopped instance's presence entries last;
   * every instance marks its own fresh five times as often.
   */
  presenceExpiryMs: number;
}

export interface EmailQueueConfig {
  /** The schema pg-boss keeps its tables in. */
  schema: string;
  /** Attempts after the first before an email is left failed. */
  retryLimit: number;
  /** The first retry's delay; each later one doubles it, with jitter. */
  retryDelaySeconds: number;
  /** How often each instance's worker looks for emails to send. */
  pollSeconds: number;
}

/** An OpenAI-compatible API (OpenAI, Ollama, vLLM, llama.cpp's server, LiteLLM). */
export interface AiConfig {
  baseUrl: string;
  apiKey: string | undefined;
  models: { text: string; image: string; speech: string; transcribe: string };
}

export type TrustProxy = boolean | number | string[];

/** Thrown with a single line that names the variable at fault; the server prints only that line. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

function parseOrigins(list: string): string[] {
  return list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const parsed = URL.parse(entry);
      if (!parsed || !/^https?:$/.test(parsed.protocol)) {
        throw new ConfigError(`AUTH_REDIRECT_ORIGINS: "${entry}" is not an http(s) origin`);
      }
      return parsed.origin;
    });
}

// proxy-addr's names for the private ranges, which Fastify passes it as they are.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry) || isIP(entry) !== 0) return true;
  const match = /^([^/]+)\/(\d{1,3})$/.exec(entry);
  if (!match) return false;
  const version = isIP(match[1]!);
  return version !== 0 && Number(match[2]) <= (version === 4 ? 32 : 128);
}

/**
 * Which hops may name the client in X-Forwarded-For. Unset, nobody may: a forged header must not
 * let a caller pose as another address and escape its rate limits.
 */
function parseTrustProxy(value: string | undefined): TrustProxy {
  const trimmed = value?.trim().toLowerCase();
  if (trimmed === undefined || trimmed === 'false') return false;
  if (trimmed === 'true') return true;
  if (/^[1-9]\d{0,2}$/.test(trimmed)) return Number(trimmed);
  const entries = trimmed.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isProxyAddress(entry)) {
      throw new ConfigError(
        `TRUST_PROXY: "${entry}" is not true, a hop count of 1 or more, or a proxy address or CIDR`,
      );
    }
  }
  return entries;
}

type EnvVars = z.infer<typeof envSchema>;

function parseStorage(vars: EnvVars): StorageConfig {
  if (!vars.STORAGE_S3_BUCKET) {
    // A bucket's other settings without a bucket would silently keep files on the disk.
    if (vars.STORAGE_S3_ENDPOINT) {
      throw new ConfigError('STORAGE_S3_ENDPOINT is set but STORAGE_S3_BUCKET is not');
    }
    return { kind: 'disk' };
  }
  return {
    kind: 's3',
    bucket: vars.STORAGE_S3_BUCKET,
    endpoint: vars.STORAGE_S3_ENDPOINT,
    region: vars.STORAGE_S3_REGION,
    forcePathStyle: vars.STORAGE_S3_FORCE_PATH_STYLE === 'true',
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in a .env file mean "unset", as most tools treat them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const shown = name in present ? ` (got "${present[name]}")` : '';
    throw new ConfigError(`${name} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  const vars = result.data;
  // Instances behind one proxy must sign with one secret, and a secret generated into one
  // container's DATA_DIR would be lost with it: production is told it explicitly.
  if (vars.NODE_ENV === 'production' && !vars.JWT_SECRET) {
    throw new ConfigError(
      'JWT_SECRET must be set when NODE_ENV is production (generate one with: openssl rand -base64 48)',
    );
  }
  return {
    production: vars.NODE_ENV === 'production',
    port: vars.PORT,
    host: vars.HOST,
    publicUrl: vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`,
    dataDir: vars.DATA_DIR,
    databaseUrl: vars.DATABASE_URL,
    databasePoolSize: vars.DATABASE_POOL_SIZE,
    migrateOnStart: vars.MIGRATE_ON_START,
    emailQueue: {
      schema: vars.JOBS_SCHEMA,
      retryLimit: vars.EMAIL_RETRY_LIMIT,
      retryDelaySeconds: vars.EMAIL_RETRY_DELAY_SECONDS,
      pollSeconds: vars.EMAIL_POLL_SECONDS,
    },
    smtpUrl: vars.SMTP_URL,
    mailFrom: vars.MAIL_FROM,
    adminEmail: vars.ADMIN_EMAIL,
    projectId: vars.PROJECT_ID,
    jwtSecret: vars.JWT_SECRET,
    serviceKey: vars.SERVICE_KEY,
    metricsToken: vars.METRICS_TOKEN,
    authRedirectOrigins: parseOrigins(vars.AUTH_REDIRECT_ORIGINS),
    rateLimits: {
      authPerMinute: vars.AUTH_RATE_LIMIT_PER_MINUTE,
      authPerEmailPerHour: vars.AUTH_EMAIL_RATE_LIMIT_PER_HOUR,
      refreshPerMinute: vars.REFRESH_RATE_LIMIT_PER_MINUTE,
      messageRowsPerMinute: vars.MESSAGE_RATE_LIMIT_PER_MINUTE,
      applicationRowsPerMinute: vars.APPLICATION_RATE_LIMIT_PER_MINUTE,
      matchPerMinute: vars.MATCH_RATE_LIMIT_PER_MINUTE,
    },
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    logLevel: vars.LOG_LEVEL,
    storage: parseStorage(vars),
    storageQuotaBytes: vars.STORAGE_QUOTA_MB * 1024 * 1024,
    dataAllowedHosts: parseAllowedHosts(vars.DATA_ALLOWED_HOSTS),
    chromiumPath: vars.CHROMIUM_PATH,
    searchUrl: vars.SEARCH_URL,
    presenceExpiryMs: vars.PRESENCE_EXPIRY_MS,
    ai: vars.AI_BASE_URL
      ? {
          baseUrl: vars.AI_BASE_URL,
          apiKey: vars.AI_API_KEY,
          models: {
            text: vars.AI_MODEL,
            image: vars.AI_IMAGE_MODEL,
            speech: vars.AI_SPEECH_MODEL,
            transcribe: vars.AI_TRANSCRIBE_MODEL,
          },
        }
      : undefined,
    aiBudget: { requestsPerDay: vars.AI_DAILY_REQUESTS, tokensPerDay: vars.AI_DAILY_TOKENS },
  };
}
