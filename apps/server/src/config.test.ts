import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: './data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'CampusCollab <no-reply@localhost>',
      projectId: 'campus',
      production: false,
    });
  });

  it('derives PUBLIC_URL from PORT and trims a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://campus.example/' }).publicUrl).toBe(
      'https://campus.example',
    );
  });

  it('reads the database pool, migrations and the email queue, with defaults', () => {
    expect(loadConfig({})).toMatchObject({
      databasePoolSize: 10,
      migrateOnStart: true,
      emailQueue: { schema: 'pgboss', retryLimit: 12, retryDelaySeconds: 30, pollSeconds: 2 },
    });
    const set = loadConfig({
      DATABASE_POOL_SIZE: '25',
      MIGRATE_ON_START: 'false',
      JOBS_SCHEMA: 'campus_jobs',
      EMAIL_RETRY_LIMIT: '0',
      EMAIL_RETRY_DELAY_SECONDS: '5',
      EMAIL_POLL_SECONDS: '0.5',
    });
    expect(set).toMatchObject({
      databasePoolSize: 25,
      migrateOnStart: false,
      emailQueue: { schema: 'campus_jobs', retryLimit: 0, retryDelaySeconds: 5, pollSeconds: 0.5 },
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT must be an integer from 0 to 65535 \(got "abc"\)$/],
    [{ DATABASE_POOL_SIZE: '0' }, /^DATABASE_POOL_SIZE must be a positive integer/],
    [{ MIGRATE_ON_START: 'yes' }, /^MIGRATE_ON_START must be true or false/],
    [{ JOBS_SCHEMA: 'pg boss;' }, /^JOBS_SCHEMA must be a lowercase SQL identifier/],
    [{ EMAIL_RETRY_LIMIT: '-1' }, /^EMAIL_RETRY_LIMIT must be an integer from 0 to 30/],
    [
      { EMAIL_POLL_SECONDS: '0.1' },
      /^EMAIL_POLL_SECONDS must be a number of seconds, at least 0.5/,
    ],
    [{ PORT: '70000' }, /^PORT must be an integer/],
    [{ PUBLIC_URL: 'ftp://x' }, /^PUBLIC_URL must be an http\(s\) URL/],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must be a postgres:\/\/ URL/],
    [{ SMTP_URL: 'http://mail' }, /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ ADMIN_EMAIL: 'Safety <a@b.c>' }, /^ADMIN_EMAIL must be an email address/],
    [{ PROJECT_ID: 'Bad Id' }, /^PROJECT_ID must be lowercase/],
    [{ JWT_SECRET: 'short' }, /^JWT_SECRET must be at least 32 characters/],
    [{ SERVICE_KEY: 'short' }, /^SERVICE_KEY must be at least 32 characters/],
    [{ METRICS_TOKEN: 'short' }, /^METRICS_TOKEN must be at least 32 characters/],
    [
      { AUTH_REDIRECT_ORIGINS: 'notaurl' },
      /^AUTH_REDIRECT_ORIGINS: "notaurl" is not an http\(s\) origin$/,
    ],
    [
      { AUTH_RATE_LIMIT_PER_MINUTE: '-1' },
      /^AUTH_RATE_LIMIT_PER_MINUTE must be a positive integer/,
    ],
    [{ NODE_ENV: 'staging' }, /^NODE_ENV /],
    [{ NODE_ENV: 'production' }, /^JWT_SECRET must be set when NODE_ENV is production \(/],
    [
      { NODE_ENV: 'production', JWT_SECRET: '' },
      /^JWT_SECRET must be set when NODE_ENV is production/,
    ],
    [{ TRUST_PROXY: 'yes' }, /^TRUST_PROXY: "yes" is not/],
    [{ TRUST_PROXY: '0' }, /^TRUST_PROXY: "0" is not/],
    [{ TRUST_PROXY: '-1' }, /^TRUST_PROXY: "-1" is not/],
    [{ TRUST_PROXY: '1.5' }, /^TRUST_PROXY: "1.5" is not/],
    [{ TRUST_PROXY: '10.0.0.1,proxy.internal' }, /^TRUST_PROXY: "proxy.internal" is not/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /^TRUST_PROXY: "10.0.0.0\/33" is not/],
    [{ TRUST_PROXY: 'fd00::/129' }, /^TRUST_PROXY: "fd00::\/129" is not/],
    [{ TRUST_PROXY: '10.0.0.0/' }, /^TRUST_PROXY: "10.0.0.0\/" is not/],
    [{ TRUST_PROXY: '10.0.0.1,,10.0.0.2' }, /^TRUST_PROXY: "" is not/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('keeps secrets out of the error line', () => {
    try {
      loadConfig({ JWT_SECRET: 'tooshort' });
    } catch (error) {
      expect((error as Error).message).toContain('JWT_SECRET');
    }
  });

  describe('TRUST_PROXY', () => {
    it('is off by default: the socket address is the client', () => {
      expect(loadConfig({}).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    });

    it.each([
      ['true', true],
      ['TRUE', true],
      ['1', 1],
      ['2', 2],
      ['10.0.0.1', ['10.0.0.1']],
      [' 10.0.0.0/8 , 192.168.1.10 ', ['10.0.0.0/8', '192.168.1.10']],
      ['fd00::/8,::1', ['fd00::/8', '::1']],
      ['loopback, uniquelocal', ['loopback', 'uniquelocal']],
    ])('reads %j as Fastify trustProxy %j', (value, expected) => {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
    });
  });

  describe('STORAGE_S3_*', () => {
    it('keeps files on the disk unless a bucket is named', () => {
      expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
      expect(loadConfig({ STORAGE_S3_BUCKET: '' }).storage).toEqual({ kind: 'disk' });
    });

    it('selects the bucket, with the region and addressing defaults of AWS', () => {
      expect(loadConfig({ STORAGE_S3_BUCKET: 'campus-files' }).storage).toEqual({
        kind: 's3',
        bucket: 'campus-files',
        endpoint: undefined,
        region: 'us-east-1',
        forcePathStyle: false,
      });
    });

    it('takes an S3-compatible endpoint, a region and path-style addressing', () => {
      const config = loadConfig({
        STORAGE_S3_BUCKET: 'files.campus',
        STORAGE_S3_ENDPOINT: 'http://minio.internal:9000/',
        STORAGE_S3_REGION: 'auto',
        STORAGE_S3_FORCE_PATH_STYLE: 'true',
      });
      expect(config.storage).toEqual({
        kind: 's3',
        bucket: 'files.campus',
        endpoint: 'http://minio.internal:9000',
        region: 'auto',
        forcePathStyle: true,
      });
    });

    it.each([
      [{ STORAGE_S3_BUCKET: 'Campus_Files' }, /^STORAGE_S3_BUCKET must be a bucket name/],
      [{ STORAGE_S3_BUCKET: 'ab' }, /^STORAGE_S3_BUCKET must be a bucket name/],
      [{ STORAGE_S3_BUCKET: 'b', STORAGE_S3_ENDPOINT: 'x' }, /^STORAGE_S3_BUCKET /],
      [
        { STORAGE_S3_BUCKET: 'files', STORAGE_S3_ENDPOINT: 'ftp://x' },
        /^STORAGE_S3_ENDPOINT must be an http\(s\) URL/,
      ],
      [
        { STORAGE_S3_BUCKET: 'files', STORAGE_S3_REGION: 'US East' },
        /^STORAGE_S3_REGION must be a region name/,
      ],
      [
        { STORAGE_S3_BUCKET: 'files', STORAGE_S3_FORCE_PATH_STYLE: 'yes' },
        /^STORAGE_S3_FORCE_PATH_STYLE must be true or false/,
      ],
      [
        { STORAGE_S3_ENDPOINT: 'http://minio:9000' },
        /^STORAGE_S3_ENDPOINT is set but STORAGE_S3_BUCKET is not$/,
      ],
    ])('refuses %o with one line naming the variable', (env, message) => {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(message);
    });
  });
});
