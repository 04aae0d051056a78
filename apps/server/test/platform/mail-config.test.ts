import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('mail configuration', () => {
  let server: TestApp | undefined;
  afterEach(() => server?.close());

  const warningsOf = async (env: Record<string, string>) => {
    const written: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (text: string) => written.push(text) });
    server = await startTestApp('sqlite', env, {}, logger);
    return written.map((text) => (JSON.parse(text) as { msg: string }).msg);
  };

  it('warns once at start when production has no SMTP_URL', async () => {
    const warnings = await warningsOf({ NODE_ENV: 'production' });
    expect(warnings.filter((msg) => msg.startsWith('SMTP_URL is not set'))).toHaveLength(1);
  });

  it('says nothing in development, where the outbox is the plan', async () => {
    const warnings = await warningsOf({ NODE_ENV: 'development' });
    expect(warnings.filter((msg) => msg.startsWith('SMTP_URL'))).toEqual([]);
  });
});
